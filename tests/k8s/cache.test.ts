// The data layer against the simulated cluster over real HTTPS: informers, kubelet collection in
// both modes, and the rows the overview is built from.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { clusterOverview, clusterOverviewInBrowser, nodeDetail } from "@/lib/contract/dto";
import { buildNodeDetail } from "@/lib/k8s/documents/node-detail";
import { buildOverview, overviewJson, overviewSlices } from "@/lib/k8s/documents/overview";
import type { ClusterCache } from "@/lib/k8s/store/cache";
import { startSim, type Sim } from "@/lib/sim";

import { cacheFor, podsCaughtUp, until } from "./helpers";

const info = { context: "headroom-sim", contexts: ["headroom-sim"], demo: false };

describe("ClusterCache against the memory-pressure scenario", () => {
  let sim: Sim;
  let cache: ClusterCache;
  beforeAll(async () => {
    sim = await startSim({ scenario: "memory-pressure", bookmarkEveryMs: 200 });
    cache = cacheFor(sim, "least-privilege");
  });
  afterAll(async () => {
    cache?.stop();
    await sim?.close();
  });

  it("syncs, collects every kubelet directly with a least-privilege token, and builds valid documents", async () => {
    expect(await cache.whenReady(15_000)).toBe(true);
    const doc = clusterOverview.parse(buildOverview(cache, info));
    expect(doc.nodes.map((n) => n.name)).toEqual(sim.cluster.nodes.map((n) => n.name).sort());
    for (const n of doc.nodes) {
      expect(n.collection).toMatchObject({ state: "ok", error: null, configSource: "configz" });
      expect(n.worstMargin.memory).not.toBeNull();
      expect(n.podCount).toBeGreaterThan(0);
    }
    const wall = Date.now();
    const now = sim.clock.now();
    expect(JSON.parse(overviewJson(cache, info, wall, now))).toEqual(
      clusterOverview.parse(buildOverview(cache, info, wall, now)),
    );
    // streamed one row a slice (as 5 000 nodes are, 500 a slice), the text is the same document
    const slices = [...overviewSlices(cache, info, wall, now, 1)];
    expect(slices.length).toBe(doc.nodes.length + 2);
    expect(slices.join("")).toBe(overviewJson(cache, info, wall, now));
    // the browser's lighter check accepts the same document and keeps it whole
    expect(clusterOverviewInBrowser.parse(JSON.parse(overviewJson(cache, info, wall, now)))).toEqual(
      clusterOverview.parse(buildOverview(cache, info, wall, now)),
    );
    // the fleet table's document (?rows=table): the same, each row without labels and observations
    const whole = JSON.parse(overviewJson(cache, info, wall, now)) as { nodes: Record<string, unknown>[] };
    const table = JSON.parse([...overviewSlices(cache, info, wall, now, 1, true)].join("")) as typeof whole;
    expect(whole.nodes.every((r) => r.labels && r.observations)).toBe(true);
    expect(table).toEqual({ ...whole, nodes: whole.nodes.map(({ labels: _l, observations: _o, ...r }) => r) });
    const detail = nodeDetail.parse(buildNodeDetail(cache, doc.nodes[0]!.name));
    expect(detail.kubeletConfig).toHaveProperty("evictionHard");
    expect(detail.pods.length).toBe(doc.nodes[0]!.podCount);
    // A row waiting to be recomputed (always the case somewhere in a large fleet) keeps it ready.
    (cache as unknown as { markDirty(name: string): void }).markDirty(doc.nodes[0]!.name);
    expect(cache.ready()).toBe(true);
  });

  it("follows the pressure scenario: MemoryPressure and the eviction show up", async () => {
    const leaky = sim.cluster.nodes[0]!.name;
    for (let i = 0; i < 60; i++) {
      sim.advance(5);
      await podsCaughtUp(sim, cache);
    }
    await until(
      () =>
        buildOverview(cache, info).nodes.some((n) => n.name === leaky && n.conditions.MemoryPressure) ||
        (buildNodeDetail(cache, leaky)?.evictions.length ?? 0) > 0,
      10_000,
      "pressure or eviction",
    );
    await until(() => (buildNodeDetail(cache, leaky)?.evictions.length ?? 0) > 0, 10_000, "eviction record");
    const ev = buildNodeDetail(cache, leaky)!.evictions[0]!;
    expect(ev).toMatchObject({ kind: "node-pressure", signalResource: "memory" });
    const detail = buildNodeDetail(cache, leaky)!;
    expect(detail.conditionHistory.some((c) => c.type === "MemoryPressure" && c.status === "True")).toBe(true);
    expect(Object.keys(detail.history.signals)).toContain("memory.available");
  });
});
