// The clusters page without Prometheus: GET /api/clusters answers the cluster this Headroom serves,
// from its own cache, with the same figures the fleet page shows; with a Prometheus that does not
// answer, the same, and the reason. Against the sim over loopback, through the route handler.
import { afterAll, describe, expect, it } from "vitest";

import { GET as clusterRoute } from "@/app/api/cluster/route";
import { GET as clustersRoute } from "@/app/api/clusters/route";
import { clustersDocument } from "@/lib/contract/clusters";
import { clusterOverview } from "@/lib/contract/dto";
import { configureCluster, getCache, resetCluster } from "@/lib/k8s/store/runtime";
import { setHistorySettings } from "@/lib/prometheus/settings";
import { startSim } from "@/lib/sim";

import { FAST } from "./helpers";

describe("clusters route without Prometheus", () => {
  afterAll(async () => {
    setHistorySettings(undefined);
    await resetCluster();
  });

  it("shows this cluster from the cache, agreeing with the fleet overview; a dead Prometheus is named", async () => {
    const sim = await startSim({ scenario: "memory-pressure" });
    try {
      sim.advance(330);
      await configureCluster({ source: { kind: "text", yaml: sim.kubeconfigYaml }, settings: FAST, now: () => sim.clock.now() });
      await getCache().cache.whenReady(15_000);
      const fleet = clusterOverview.parse(await (await clusterRoute()).json());
      const pressured = fleet.nodes.filter((n) => n.conditions.MemoryPressure).map((n) => n.name);
      expect(pressured.length).toBeGreaterThan(0);

      setHistorySettings({ prometheus: null, externalUrl: null, clusterLinks: {} });
      const res = await clustersRoute();
      expect(res.status).toBe(200);
      const doc = clustersDocument.parse(await res.json());
      expect(doc).toMatchObject({ source: "cache", prometheusError: null });
      expect(doc.clusters).toHaveLength(1);
      const c = doc.clusters[0]!;
      expect(c).toMatchObject({ name: fleet.cluster.context, link: "", nodes: fleet.nodes.length, headroomUp: null });
      expect(c.underPressure).toEqual(pressured.sort().map((node) => ({ node, conditions: ["MemoryPressure"] })));
      expect(c.evictionsLastHour).toBe(fleet.summary.evictionsLastHour);
      // the smallest margins are the fleet rows' own, worst first
      const fractions = c.worstMargins.map((m) => m.fraction);
      expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
      for (const m of c.worstMargins) {
        const row = fleet.nodes.find((n) => n.name === m.node)!;
        const own = Object.values(row.worstMargin).find((w) => w?.signal === m.signal)!;
        expect(own.kind).toBe(m.kind);
        expect(m.fraction).toBe(own.met ? Math.min(0, own.fraction) : own.fraction);
      }

      setHistorySettings({
        prometheus: { url: "http://127.0.0.1:9", matchers: [], timeoutMs: 1000 },
        externalUrl: null,
        clusterLinks: {},
      });
      const down = clustersDocument.parse(await (await clustersRoute()).json());
      expect(down.source).toBe("cache");
      expect(down.prometheusError).toMatch(/^Prometheus: /);
      expect(down.clusters[0]!.nodes).toBe(fleet.nodes.length);
    } finally {
      await resetCluster();
      await sim.close();
    }
  }, 60_000);
});
