// A relist brings every object again. The reflector skips the unchanged ones by their
// resourceVersion, except for pods, where it keeps no versions (150 000 of them cost ~10 MiB):
// there the cache must take a pod equal to the one it had as no change, counting no termination
// or eviction twice. Both against the simulated API server over loopback.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ClusterClient, loadKubeConfig } from "@/lib/k8s/io/client";
import { Reflector } from "@/lib/k8s/io/informers";
import { renderCacheMetrics } from "@/lib/k8s/metrics/exposition";
import type { ClusterCache } from "@/lib/k8s/store/cache";
import { startSim, type Sim } from "@/lib/sim";

import { cacheFor, podsCaughtUp, until } from "./helpers";

type Pod = { metadata?: { name?: string; namespace?: string; resourceVersion?: string } };

describe("a relist of unchanged objects", () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim({ scenario: "demo", bookmarkEveryMs: 200 });
  });
  afterAll(async () => {
    await sim?.close();
  });

  it.each([
    { skipUnchanged: undefined, again: 0 },
    { skipUnchanged: false, again: 1 },
  ])("skipUnchanged $skipUnchanged: each unchanged pod is applied again $again times", async ({ skipUnchanged, again }) => {
    const client = new ClusterClient(loadKubeConfig({ kind: "text", yaml: sim.kubeconfigFor("full") }));
    const calls = new Map<string, number>();
    const prevs: (Pod | undefined)[] = [];
    const reflector = new Reflector<Pod, Pod>({
      client,
      path: "/api/v1/pods",
      resource: "pods",
      trim: (p) => p,
      skipUnchanged,
      onChange: (key, _obj, prev) => {
        calls.set(key, (calls.get(key) ?? 0) + 1);
        prevs.push(prev);
      },
    });
    reflector.start();
    try {
      await until(() => reflector.status.synced, 10_000, "the pod list");
      const keys = [...reflector.store.keys()];
      expect(keys.length).toBeGreaterThan(10);
      prevs.length = 0;
      reflector.relist();
      await until(() => reflector.status.relists === 2, 10_000, "the relist");
      for (const k of keys) expect(calls.get(k), k).toBe(1 + again);
      // applied again, each with the object it replaces
      expect(prevs.length).toBe(again * keys.length);
      for (const p of prevs) expect(p?.metadata?.resourceVersion).toEqual(expect.any(String));
    } finally {
      reflector.stop();
    }
  });

  describe("the cache's pods", () => {
    let cache: ClusterCache;
    beforeAll(async () => {
      cache = cacheFor(sim, "least-privilege");
      expect(await cache.whenReady(20_000)).toBe(true);
    });
    afterAll(() => cache?.stop());

    it("leave terminations, the eviction tally and each node's pods as they were", async () => {
      // The demo's incidents: evictions, OOM kills, preemptions and deletions to count twice if anything did.
      for (let s = 0; s < 1310; s += 10) {
        sim.advance(10);
        await podsCaughtUp(sim, cache);
      }
      const last = sim.cluster.stores.rev.value;
      await until(
        () => [cache.pods, cache.events].every((r) => Number(r.resourceVersion ?? 0) >= last),
        5000,
        "informers at the last revision",
      );
      const tally = () => renderCacheMetrics(cache).match(/^headroom_evictions_observed_total\{.*$/gm) ?? [];
      const nodePods = () =>
        Object.fromEntries([...cache.states].map(([name, s]) => [name, Object.fromEntries([...s.pods].sort())]));
      const before = { terminations: cache.terminations.all(), tally: tally(), pods: nodePods() };
      expect(before.terminations.length).toBeGreaterThan(5);
      expect(before.tally.length).toBeGreaterThan(0);
      const objects = new Map(cache.pods.store);

      const relists = cache.pods.status.relists;
      cache.pods.relist();
      await until(() => cache.pods.status.relists === relists + 1, 10_000, "the pod relist");

      // every pod was applied again (a new object in the store), and nothing moved
      for (const [key, pod] of cache.pods.store) expect(pod, key).not.toBe(objects.get(key));
      expect(cache.pods.store.size).toBe(objects.size);
      expect(cache.terminations.all()).toEqual(before.terminations);
      expect(tally()).toEqual(before.tally);
      // Pods that changed since the snapshot are the watch's business. (The sim writes a pending
      // resize's message from the node's usage when it serves the pod, without a new
      // resourceVersion, so a status may differ; what the pod is and where it runs may not.)
      const changed = new Set([...sim.cluster.stores.pods.values()].filter((e) => e.rv > last).map((e) => e.key));
      const after = nodePods();
      expect(Object.keys(after).sort()).toEqual(Object.keys(before.pods).sort());
      let compared = 0;
      for (const [node, pods] of Object.entries(before.pods))
        for (const [key, pod] of Object.entries(pods)) {
          if (changed.has(key)) continue;
          const now = after[node]![key]!;
          expect({ ...now, status: now.status.phase }, key).toEqual({ ...pod, status: pod.status.phase });
          compared++;
        }
      expect(compared).toBeGreaterThan(changed.size);
    }, 60_000);
  });
});
