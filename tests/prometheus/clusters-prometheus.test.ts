// The fleet-of-clusters view over one Prometheus that scrapes two clusters' Headroom, told apart
// by a `cluster` target label: each cluster's pressured nodes, worst margins and node count, with
// the link to that cluster's Headroom; and the route's answers without and with Prometheus.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET as clustersRoute } from "@/app/api/clusters/route";
import { clustersDocument } from "@/lib/contract/clusters";
import { renderCacheMetrics } from "@/lib/k8s/metrics/exposition";
import type { ClusterCache } from "@/lib/k8s/store/cache";
import { queryInstant } from "@/lib/prometheus/client";
import { clustersOverview } from "@/lib/prometheus/clusters";
import { setHistorySettings, type PrometheusSettings } from "@/lib/prometheus/settings";
import { startSim, type Sim } from "@/lib/sim";
import { freePort, startPrometheus, type RunningPrometheus } from "@/scripts/bench/prometheus-server";

import { cacheFor } from "../k8s/helpers";

async function serve(cache: ClusterCache): Promise<{ server: Server; address: string }> {
  const port = await freePort();
  const server = createServer((_req, res) => res.end(renderCacheMetrics(cache)));
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", () => r()));
  return { server, address: `127.0.0.1:${port}` };
}

describe("clusters page data from a shared Prometheus", () => {
  const sims: Sim[] = [];
  const caches: ClusterCache[] = [];
  const servers: Server[] = [];
  let prom: RunningPrometheus;
  let settings: PrometheusSettings;
  const links = { "prod-1": "https://headroom.prod-1.example.com" };

  beforeAll(async () => {
    const targets = [];
    for (const [cluster, scenario, at] of [
      ["prod-1", "memory-pressure", 330],
      ["staging", "healthy", 60],
    ] as const) {
      const sim = await startSim({ scenario });
      sim.advance(at);
      const cache = cacheFor(sim);
      await cache.whenReady(15_000);
      const { server, address } = await serve(cache);
      sims.push(sim);
      caches.push(cache);
      servers.push(server);
      targets.push({ address, labels: { cluster } });
    }
    prom = await startPrometheus(targets);
    settings = { url: prom.url, matchers: [], timeoutMs: 3000 };
    const scraped = async () => (await queryInstant(settings, 'count by (cluster) (up{job="headroom"} == 1)')).length === 2;
    const end = Date.now() + 20_000;
    while (!(await scraped())) {
      if (Date.now() > end) throw new Error("Prometheus did not scrape both clusters");
      await new Promise((r) => setTimeout(r, 100)); // polling Prometheus: waits for its next scrape, not for time
    }
  }, 90_000);
  afterAll(async () => {
    setHistorySettings(undefined);
    for (const s of servers) s.close();
    await prom?.stop();
    for (const c of caches) c.stop();
    for (const s of sims) await s.close();
  });

  it("lists each cluster with its pressured nodes, worst margins, node count and link", async () => {
    const doc = clustersDocument.parse(await clustersOverview(settings, links, new Date()));
    expect(doc.clusters.map((c) => c.name)).toEqual(["prod-1", "staging"]); // pressured first
    const [prod, staging] = doc.clusters as [(typeof doc.clusters)[0], (typeof doc.clusters)[0]];
    expect(prod.nodes).toBe(sims[0]!.cluster.nodes.length);
    expect(prod.link).toBe(links["prod-1"]);
    expect(prod.headroomUp).toBe(true);
    // What prod-1's own Headroom says about its nodes, read back through Prometheus.
    const pressured = [...caches[0]!.states.values()]
      .filter((s) => s.row?.conditions.MemoryPressure)
      .map((s) => s.name)
      .sort();
    expect(pressured.length).toBeGreaterThan(0);
    expect(prod.underPressure).toEqual(pressured.map((node) => ({ node, conditions: ["MemoryPressure"] })));
    const fractions = prod.worstMargins.map((m) => m.fraction);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(prod.worstMargins.length).toBeLessThanOrEqual(5);
    expect(staging).toMatchObject({ link: null, underPressure: [], nodes: sims[1]!.cluster.nodes.length, staleNodes: 0 });
    expect(staging.worstMargins.every((m) => m.fraction > 0)).toBe(true);
  });

  it("filters by the configured label matchers", async () => {
    const doc = await clustersOverview({ ...settings, matchers: ['cluster="staging"'] }, links, new Date());
    expect(doc.clusters.map((c) => c.name)).toEqual(["staging"]);
  });

  // (without a cluster of its own to fall back on: this process has none configured; see
  // tests/k8s/clusters-local.test.ts for the fallback)
  it("answers 503 without Prometheus, 200 with it, 502 when it is gone", async () => {
    setHistorySettings({ prometheus: null, externalUrl: null, clusterLinks: {} });
    const off = await clustersRoute();
    expect(off.status).toBe(503);
    expect(((await off.json()) as { error: string }).error).toMatch(/HEADROOM_PROMETHEUS_URL/);
    setHistorySettings({ prometheus: settings, externalUrl: null, clusterLinks: links });
    const on = await clustersRoute();
    expect(on.status).toBe(200);
    expect(clustersDocument.parse(await on.json()).clusters).toHaveLength(2);
    await prom.stop();
    const down = await clustersRoute();
    expect(down.status).toBe(502);
    expect(((await down.json()) as { error: string }).error).toMatch(/^Prometheus: unreachable/);
  });
});
