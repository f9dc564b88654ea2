// The termination timeline end to end: the demo's incidents over real HTTPS, seen by the cache's
// informers with the least-privilege identity, as GET /api/nodes/NAME and /api/terminations carry them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { nodeDetail } from "@/lib/contract/dto";
import { parseBytes } from "@/lib/eviction";
import { buildNodeDetail } from "@/lib/k8s/documents/node-detail";
import { buildFleetTerminations } from "@/lib/k8s/documents/terminations-doc";
import type { ClusterCache } from "@/lib/k8s/store/cache";
import { startSim, type Sim } from "@/lib/sim";

import { cacheFor, podsCaughtUp, until } from "./helpers";

describe("terminations from the demo's incidents", () => {
  let sim: Sim;
  let cache: ClusterCache;
  beforeAll(async () => {
    sim = await startSim({ scenario: "demo", bookmarkEveryMs: 200 });
    cache = cacheFor(sim, "least-privilege");
    expect(await cache.whenReady(20_000)).toBe(true);
  });
  afterAll(async () => {
    cache?.stop();
    await sim?.close();
  });

  // Played in steps, as the informers would see a live cluster (each step's updates arrive before the next).
  async function play(seconds: number): Promise<void> {
    for (let s = 0; s < seconds; s += 10) {
      sim.advance(Math.min(10, seconds - s));
      await podsCaughtUp(sim, cache);
    }
    // Caught up when the pod, event and node informers have seen the cluster's last revision
    // (BOOKMARKs carry it), not after a fixed wait: a record's taints and cordon come from the node's.
    const last = sim.cluster.stores.rev.value;
    await until(
      () => [cache.pods, cache.events, cache.nodes].every((r) => Number(r.resourceVersion ?? 0) >= last),
      5000,
      "informers at the last revision",
    );
  }

  it("records each cause once, per node and fleet-wide", async () => {
    await play(1310);
    const causes = new Set(cache.terminations.all().map((t) => t.cause));
    for (const c of ["oom-killed", "system-oom", "api-eviction", "preemption", "taint-manager", "kubelet-eviction"])
      expect(causes, c).toContain(c);

    const drained = nodeDetail
      .parse(buildNodeDetail(cache, "gke-prod-default-pool-6c2f9d1e-1"))
      .terminations.filter((t) => t.cause === "api-eviction");
    expect(drained.length).toBeGreaterThan(0);
    expect(drained[0]).toMatchObject({ cordoned: true, message: "Eviction API: evicting" });
    // one record per evicted pod, though the pod was updated and then deleted
    expect(new Set(drained.map((t) => t.pod)).size).toBe(drained.length);

    const preempted = buildNodeDetail(cache, "k8s-node-01")!.terminations.find((t) => t.cause === "preemption")!;
    expect(preempted.preemptor).toMatch(/^batch\/urgent-batch-/);

    const tainted = buildNodeDetail(cache, "ip-192-168-4-41.us-west-2.compute.internal")!.terminations.find(
      (t) => t.cause === "taint-manager",
    )!;
    expect(tainted.taints).toEqual(["example.com/maintenance=true:NoExecute"]);

    const fleet = buildFleetTerminations(cache);
    const resizer = fleet.workloads.find((w) => w.name === "image-resizer")!;
    expect(resizer.kind).toBe("Deployment");
    expect(resizer.byCause["oom-killed"]).toBeGreaterThanOrEqual(3);
    expect(resizer.terminations.map((t) => t.restartCount)).toEqual(
      [...resizer.terminations.map((t) => t.restartCount)].sort((a, b) => b! - a!),
    );
    expect(resizer.suggestions[0]).toMatch(/^Raise the memory limit of container resizer above 512Mi/);
    const worker = fleet.workloads.find((w) => w.name === "report-worker")!;
    expect(worker.terminations[0]).toMatchObject({ cause: "kubelet-eviction", resource: "memory" });
    // The signal is the one Headroom last saw met on the node; its view may predate the crossing.
    expect([null, "memory.available"]).toContain(worker.terminations[0]!.signal);
    expect(fleet.count).toBe(fleet.workloads.reduce((a, w) => a + w.count, 0));

    // Advice that is safe to apply (issue 22): every request it suggests fits in the allocatable of
    // each node the workload was evicted from, and the leaking report worker gets no PriorityClass.
    for (const w of fleet.workloads)
      for (const s of w.suggestions) {
        const asked = /request of container \S+ to its observed peak, (\S+) /.exec(s)?.[1];
        if (!asked) continue;
        const resource = /^Set the (\S+) request/.exec(s)![1]!;
        for (const node of w.nodes) {
          const allocatable = cache.states.get(node)?.row?.allocatable[resource];
          if (allocatable != null) expect(parseBytes(asked), `${w.name} on ${node}`).toBeLessThanOrEqual(allocatable);
        }
      }
    expect(worker.suggestions.join(" ")).not.toContain("PriorityClass");
    expect(worker.suggestions.join(" ")).toMatch(/looks like a leak/);
  }, 120_000);
});
