// The Grafana dashboard (deploy/grafana) against real data: Debian's Prometheus scrapes Headroom's own
// /metrics route on the `npm start` demo (the app's start-up path, warm-up included), and every
// panel's query, with Grafana's template variables substituted, returns series; every series that
// names a node carries the Headroom URL its data link opens (headroom_info{url}).
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET as metricsRoute } from "@/app/metrics/route";
import { readEnv } from "@/lib/k8s/io/env";
import { resetCluster } from "@/lib/k8s/store/runtime";
import { queryInstant } from "@/lib/prometheus/client";
import { setHistorySettings, type PrometheusSettings } from "@/lib/prometheus/settings";
import { startup } from "@/lib/server/start/startup";
import { freePort, startPrometheus, type RunningPrometheus } from "@/scripts/bench/prometheus-server";

import { dashboardSchema } from "../deploy/grafana-schema";

const EXTERNAL_URL = "https://headroom.demo.example.com";
const dashboard = dashboardSchema.parse(
  JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "deploy", "grafana", "headroom-dashboard.json"), "utf8")),
);

/** Grafana's interpolation of the variables the queries use: "All" is the variable's allValue. */
function substitute(expr: string, vars: Record<string, string>): string {
  const builtins: Record<string, string> = { __range: "1h", __rate_interval: "1m", __interval: "15s" };
  return expr.replace(/\$(\w+)|\$\{(\w+)\}/g, (_, a: string | undefined, b: string | undefined) => {
    const name = (a ?? b)!;
    const v = vars[name] ?? builtins[name];
    if (v === undefined) throw new Error(`${expr}: unknown variable $${name}`);
    return v;
  });
}

/** `label_values(SELECTOR, LABEL)`, as Grafana's Prometheus data source runs it: the label's values on the selected series. */
function labelValuesQuery(definition: string): { expr: string; label: string } {
  const m = /^label_values\((.*),\s*(\w+)\)$/.exec(definition);
  if (!m) throw new Error(`not a label_values query: ${definition}`);
  return { expr: `group by (${m[2]}) (${m[1]})`, label: m[2]! };
}

const targets = dashboard.panels.flatMap((p) => p.targets.map((t) => ({ panel: p.title, refId: t.refId, expr: t.expr })));
const all = { cluster: ".*", node: ".*" };

describe("the Grafana dashboard over Prometheus scraping the demo", () => {
  let server: Server;
  let prom: RunningPrometheus;
  let settings: PrometheusSettings;
  const home = process.env.HOME;

  beforeAll(async () => {
    process.env.HOME = "/nonexistent"; // no ~/.kube/config: the start-up picks the demo cluster
    await startup(readEnv({ HOME: "/nonexistent" }));
    setHistorySettings({ prometheus: null, externalUrl: EXTERNAL_URL, clusterLinks: {} });
    const port = await freePort();
    server = createServer((_req, res) => {
      void metricsRoute().then(async (r) => res.end(await r.text()));
    });
    await new Promise<void>((r) => server.listen(port, "127.0.0.1", () => r()));
    prom = await startPrometheus([{ address: `127.0.0.1:${port}`, labels: { cluster: "demo" } }]);
    settings = { url: prom.url, matchers: [], timeoutMs: 10_000 };
    // rate() and increase() need two samples in their window: wait for three scrapes.
    const end = Date.now() + 60_000;
    while ((await queryInstant(settings, 'count_over_time(headroom_cache_ready{job="headroom"}[1m]) >= 3')).length === 0) {
      if (Date.now() > end) throw new Error("Prometheus did not scrape Headroom three times in 60 s");
      await new Promise((r) => setTimeout(r, 200)); // polling Prometheus: waits for its next scrape, not for time
    }
  }, 180_000);
  afterAll(async () => {
    server?.close();
    await prom?.stop();
    setHistorySettings(undefined);
    await resetCluster();
    process.env.HOME = home;
  });

  it("has the sections an operator looks for", () => {
    const titles = dashboard.panels.map((p) => `${p.type}: ${p.title}`);
    for (const want of [
      /^heatmap: Fleet margins per signal/,
      /next eviction/,
      /Evictions observed by workload and signal/,
      /Pressure stall/,
      /Swap/,
      /Collection health/,
      /Stale nodes/,
    ])
      expect(
        titles.some((t) => want.test(t)),
        `a panel matching ${want}`,
      ).toBe(true);
  });

  it("fills every template variable from Headroom's series", async () => {
    for (const v of dashboard.templating.list) {
      if (v.type !== "query") continue;
      const { expr, label } = labelValuesQuery(substitute(v.definition, all));
      const values = (await queryInstant(settings, expr)).map((s) => s.metric[label]);
      expect(values.length, `variable ${v.name}`).toBeGreaterThan(0);
      if (v.name === "cluster") expect(values).toEqual(["demo"]);
    }
  });

  it.each(targets)("$panel ($refId) returns data, each node with its Headroom link", async ({ expr }) => {
    const series = await queryInstant(settings, substitute(expr, all));
    expect(series.length, substitute(expr, all)).toBeGreaterThan(0);
    if (/\bgroup_left \(url\)/.test(expr)) {
      for (const s of series) {
        expect(s.metric.node).toMatch(/\S/);
        expect(s.metric.url).toBe(EXTERNAL_URL);
      }
    }
  });

  it("narrows every per-node query to the node picked in the Node variable", async () => {
    const nodeVar = dashboard.templating.list.find((v) => v.name === "node");
    if (nodeVar?.type !== "query") throw new Error("the dashboard has no Node query variable");
    const { expr, label } = labelValuesQuery(substitute(nodeVar.definition, { cluster: "demo" }));
    const node = (await queryInstant(settings, expr))[0]!.metric[label]!;
    // Grafana escapes regex characters in a picked value; a node name's dots match themselves.
    const one = { cluster: "demo", node: node.replace(/\./g, "\\\\.") };
    for (const t of targets.filter((t) => t.expr.includes("$node"))) {
      const nodes = new Set((await queryInstant(settings, substitute(t.expr, one))).map((s) => s.metric.node));
      expect(
        [...nodes].filter((n) => n !== node),
        `${t.panel} (${t.refId})`,
      ).toEqual([]);
      if (t.panel.startsWith("Fleet margins")) expect(nodes).toEqual(new Set([node]));
    }
  });
});
