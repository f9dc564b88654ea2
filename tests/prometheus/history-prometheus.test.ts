// History in a real Prometheus (Debian's package): Prometheus scrapes Headroom's /metrics every
// second while Headroom collects from the simulated cluster; the history route then answers from
// Prometheus with exactly what Headroom exported, still answers it after Headroom restarts, and
// falls back to the in-memory ring, saying why, when Prometheus is gone.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET as historyRoute } from "@/app/api/nodes/[name]/history/route";
import { GET as metricsRoute } from "@/app/metrics/route";
import type { HistoryDoc } from "@/lib/contract/history";
import { configureCluster, getCache, resetCluster } from "@/lib/k8s/store/runtime";
import { prometheusHistory } from "@/lib/prometheus/history";
import { setHistorySettings, type PrometheusSettings } from "@/lib/prometheus/settings";
import { SimClock, startSim, type Sim } from "@/lib/sim";
import { freePort, startPrometheus, type RunningPrometheus } from "@/scripts/bench/prometheus-server";

import { FAST, until } from "../k8s/helpers";

const SIGNAL = "memory.available";

describe("history from Prometheus", () => {
  let sim: Sim;
  let prom: RunningPrometheus;
  let settings: PrometheusSettings;
  let metrics: Server | undefined;
  let port: number;
  let node: string;
  /** Every value of node/memory.available that /metrics served, with when. */
  const exported: { at: number; value: number }[] = [];

  const serveMetrics = () =>
    new Promise<void>((resolve) => {
      metrics = createServer(async (_req, res) => {
        const text = await (await metricsRoute()).text();
        const m = new RegExp(`^headroom_signal_observed\\{node="${node}",signal="${SIGNAL}"\\} (\\S+)$`, "m").exec(text);
        if (m) exported.push({ at: Date.now() / 1000, value: Number(m[1]) });
        res.setHeader("content-type", "text/plain; version=0.0.4");
        res.end(text);
      }).listen(port, "127.0.0.1", () => resolve());
    });
  const stopMetrics = () => new Promise<void>((resolve) => (metrics ? metrics.close(() => resolve()) : resolve()));
  const startHeadroom = async () => {
    await configureCluster({ source: { kind: "text", yaml: sim.kubeconfigYaml }, settings: FAST, now: () => sim.clock.now() });
    await getCache().cache.whenReady(15_000);
    await serveMetrics();
  };
  const route = async (range = "15m") => {
    const r = await historyRoute(new Request(`http://x/api/nodes/${node}/history?range=${range}`), {
      params: Promise.resolve({ name: node }),
    });
    return { status: r.status, body: (await r.json()) as HistoryDoc & { error?: string } };
  };

  beforeAll(async () => {
    // Real time, a minute into the scenario: the report worker is leaking, so each Summary differs.
    const clock = new SimClock({ start: Math.floor(Date.now() / 1000) * 1000 - 60_000, mode: "realtime", speed: 1 });
    sim = await startSim({ scenario: "memory-pressure", clock });
    sim.advance(60);
    node = sim.cluster.nodes[0]!.name;
    port = await freePort();
    await startHeadroom();
    prom = await startPrometheus([`127.0.0.1:${port}`]);
    settings = { url: prom.url, matchers: [], timeoutMs: 3000 };
    setHistorySettings({ prometheus: settings, externalUrl: null, clusterLinks: {} });
  }, 60_000);
  afterAll(async () => {
    setHistorySettings(undefined);
    await stopMetrics();
    await prom?.stop();
    await resetCluster();
    await sim?.close();
  });

  it("serves from Prometheus exactly the values Headroom exported", async () => {
    await until(() => exported.length >= 6, 20_000, "six scrapes");
    await until(() => new Set(exported.map((e) => e.value)).size >= 2, 20_000, "a changing value");
    const to = Math.ceil(Date.now() / 1000);
    const doc = await prometheusHistory(settings, node, to - 120, to, 1);
    const points = doc.series.find((s) => s.signal === SIGNAL)!.points;
    const values = new Set(exported.map((e) => e.value));
    expect(points.length).toBeGreaterThanOrEqual(5);
    for (const [, v] of points) expect(values.has(v), `${v} was exported`).toBe(true);
    expect(new Set(points.map(([, v]) => v)).size).toBeGreaterThanOrEqual(2);
    const kinds = doc.series
      .find((s) => s.signal === SIGNAL)!
      .thresholds.map((t) => t.kind)
      .sort();
    expect(kinds).toEqual(["hard", "soft"]); // the scenario's 300Mi hard and 1Gi soft thresholds

    const { status, body } = await route();
    expect(status).toBe(200);
    expect(body.source).toBe("prometheus");
    expect(body.to - body.from).toBe(900);
    expect(body.step).toBe(10);
    expect(body.series.map((s) => s.signal)).toContain(SIGNAL);
    // the node's PSI counters come back in µs, one series per resource and kind, never decreasing
    const psi = doc.series.find((s) => s.signal === "psi:memory.some")!;
    expect(doc.series.filter((s) => s.signal.startsWith("psi:")).map((s) => s.signal)).toEqual([
      "psi:cpu.full",
      "psi:cpu.some",
      "psi:io.full",
      "psi:io.some",
      "psi:memory.full",
      "psi:memory.some",
    ]);
    expect(psi.points.length).toBeGreaterThanOrEqual(5);
    for (let i = 1; i < psi.points.length; i++) expect(psi.points[i]![1]).toBeGreaterThanOrEqual(psi.points[i - 1]![1]);
  }, 60_000);

  it("still serves the history from before a restart of Headroom", async () => {
    // More than one 10 s step of history, so the route's grid has a point in it.
    await until(() => exported.at(-1)!.at - exported[0]!.at >= 15, 30_000, "15 s of scrapes");
    const before = [...exported];
    await stopMetrics();
    await resetCluster();
    const restartedAt = Date.now() / 1000;
    await startHeadroom();
    // A whole 10 s step of scrapes after the restart, so the route's grid has a point after it
    // (however fast the restarted cache is ready).
    await until(() => exported.some((e) => e.at > restartedAt + 12), 30_000, "a step of scrapes after the restart");
    const { body } = await route();
    expect(body.source).toBe("prometheus");
    const points = body.series.find((s) => s.signal === SIGNAL)!.points;
    const old = points.filter(([t]) => t < restartedAt - 1);
    expect(old.length).toBeGreaterThanOrEqual(1);
    const values = new Set(before.map((e) => e.value));
    for (const [, v] of old) expect(values.has(v), `${v} was exported before the restart`).toBe(true);
    expect(points.some(([t]) => t > restartedAt)).toBe(true);
  }, 60_000);

  it("falls back to the in-memory ring and says why when Prometheus is down", async () => {
    await prom.stop();
    const { status, body } = await route("1h");
    expect(status).toBe(200);
    expect(body.source).toBe("memory");
    // refused on a new connection; reset on one kept from an earlier query when the process died
    // under it (CI 2026-11-29, once): either way Prometheus is down, and the note says so.
    expect(body.prometheusError).toMatch(/^unreachable: (ECONNREFUSED|ECONNRESET)/);
    expect(body.series.find((s) => s.signal === SIGNAL)!.points.length).toBeGreaterThan(0);
    // A node Headroom does not know and Prometheus cannot be asked about: not found, said plainly.
    const r = await historyRoute(new Request("http://x/api/nodes/gone/history"), { params: Promise.resolve({ name: "gone" }) });
    expect(r.status).toBe(502);
    expect(((await r.json()) as { error: string }).error).toMatch(
      /not in the cluster and Prometheus did not answer: unreachable/,
    );
  }, 30_000);
});
