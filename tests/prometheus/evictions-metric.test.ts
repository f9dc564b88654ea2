// headroom_evictions_observed_total against the simulated cluster: an eviction that happens while
// Headroom watches is counted once, with its node, namespace, owning workload and signal; the
// evictions the first list shows (before this process started) are not.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { renderCacheMetrics } from "@/lib/k8s/metrics/exposition";
import type { ClusterCache } from "@/lib/k8s/store/cache";
import { startSim, type Sim } from "@/lib/sim";

import { cacheFor, until } from "../k8s/helpers";

describe("headroom_evictions_observed_total", () => {
  let sim: Sim;
  let cache: ClusterCache;
  beforeAll(async () => {
    sim = await startSim({ scenario: "memory-pressure", bookmarkEveryMs: 200 });
    sim.advance(200); // the leak is under way; the first eviction comes at ~290 s
    cache = cacheFor(sim);
    await cache.whenReady(15_000);
  });
  afterAll(async () => {
    cache?.stop();
    await sim?.close();
  });

  it("counts the report worker's eviction once, labelled as an operator reads it", async () => {
    expect(cache.evictions.entries()).toEqual([]);
    const node = sim.cluster.nodes[0]!.name;
    // Step the cluster's time the way it passes, letting Headroom collect between steps, so it
    // sees the threshold met before the kubelet evicts (as it does at a 10 s interval).
    for (let t = 200; t < 420 && cache.evictions.entries().length === 0; t += 10) {
      const seq = cache.states.get(node)!.summarySeq;
      sim.advance(10);
      await until(() => cache.states.get(node)!.summarySeq > seq, 5000, "a Summary after the step");
    }
    await until(() => cache.evictions.entries().length > 0, 5000, "the eviction to be counted");
    // The pod's status and its Event both arrive; still one eviction.
    const evicted = () => [...cache.pods.store.values()].some((p) => p.status?.reason === "Evicted");
    await until(() => evicted() && cache.eventList().some((e) => e.reason === "Evicted"), 5000, "both reports of the eviction");
    expect(cache.evictions.entries()).toEqual([
      {
        labels: {
          node,
          namespace: "default",
          workload_kind: "Deployment",
          workload: "report-worker",
          signal: "memory.available",
        },
        value: 1,
      },
    ]);
    const text = renderCacheMetrics(cache);
    expect(text).toContain("# TYPE headroom_evictions_observed_total counter");
    expect(text).toContain(
      `headroom_evictions_observed_total{node="${node}",namespace="default",workload_kind="Deployment",workload="report-worker",signal="memory.available"} 1`,
    );
    expect(text).toMatch(
      new RegExp(
        `^headroom_signal_capacity\\{node="${node.replace(/\./g, "\\.")}",signal="memory\\.available"\\} [1-9]\\d+$`,
        "m",
      ),
    );
  });

  it("does not count what the first list shows: a second Headroom started now sees the eviction as past", async () => {
    const second = cacheFor(sim);
    try {
      await second.whenReady(15_000);
      expect(second.evictions.entries()).toEqual([]);
    } finally {
      second.stop();
    }
  });
});
