// A node whose kubelet stopped, end to end: the stale-lease scenario over real HTTPS, seen by the
// cache's informers, as GET /api/nodes/NAME carries it; the node page's headline reads that document.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { nodeDetail, type NodeDetail } from "@/lib/contract/dto";
import type { Node, Pod } from "@/lib/eviction";
import { reachability, taintForecast } from "@/lib/forecast/stale-node";
import { buildNodeDetail } from "@/lib/k8s/documents/node-detail";
import type { ClusterCache } from "@/lib/k8s/store/cache";
import { startSim, type Sim } from "@/lib/sim";
import { staleVerdict } from "@/lib/words/stale-node";

import { cacheFor, until } from "./helpers";

const clock = (ms: number) => new Date(ms).toISOString().slice(11, 19);

describe("a node whose kubelet stopped (stale-lease)", () => {
  let sim: Sim;
  let cache: ClusterCache;
  beforeAll(async () => {
    sim = await startSim({ scenario: "stale-lease", bookmarkEveryMs: 200 });
    cache = cacheFor(sim);
    expect(await cache.whenReady(20_000)).toBe(true);
  });
  afterAll(async () => {
    cache?.stop();
    await sim?.close();
  });

  const detail = (name: string): NodeDetail => nodeDetail.parse(buildNodeDetail(cache, name));

  it("headline: the Lease, the missing stats, the unreachable taint and the taint manager's deadline 300 s after it", async () => {
    // the kubelet stops at 30 s; 40 s later the node lifecycle controller marks it Unknown and taints it
    for (let s = 0; s < 120; s += 10) sim.advance(10);
    await until(
      () => {
        const d = buildNodeDetail(cache, "worker-0");
        const taints = (d?.node as Node | undefined)?.spec?.taints ?? [];
        return taints.some((t) => t.effect === "NoExecute") && d?.row.collection.state === "failed";
      },
      15_000,
      "worker-0 tainted and failing",
    );
    const d = detail("worker-0");
    const now = Date.parse(d.generatedAt);
    const r = reachability({
      now,
      ready: d.conditions.find((c) => c.type === "Ready") ?? null,
      lease: d.lease,
      collection: d.row.collection,
    })!;
    expect(r).toMatchObject({ kubeletSilent: true, statsStale: true, readyStatus: "Unknown" });
    expect(now - r.leaseRenewedAt!).toBeGreaterThan(40_000);

    const taints = (d.node as Node).spec!.taints!;
    const unreachable = taints.find((t) => t.key === "node.kubernetes.io/unreachable" && t.effect === "NoExecute")!;
    const fc = taintForecast(taints, d.pods as Pod[])!;
    // the web pods carry the admission plugin's 300 s tolerations (as the API server returns them)
    const after = fc.groups.find((g) => g.kind === "after")!;
    expect(after.seconds).toBe(300);
    expect(after.at).toBe(Date.parse(unreachable.timeAdded!) + 300_000);
    expect(after.pods.every((p) => p.startsWith("default/web-"))).toBe(true);
    expect(after.pods.length).toBe((d.pods as Pod[]).filter((p) => p.metadata?.name?.startsWith("web-")).length);
    // node agents (DaemonSets) tolerate it without a limit
    const tolerated = fc.groups.find((g) => g.kind === "tolerated");
    if (tolerated) expect(tolerated.pods.some((p) => p.startsWith("default/web-"))).toBe(false);

    const v = staleVerdict(r, fc, now, clock);
    expect(v.heading).toBe("Kubelet unreachable");
    expect(v.sentences.join(" ")).toContain(
      `The taint eviction controller deletes ${after.pods.length} pod${after.pods.length === 1 ? "" : "s"} at ${clock(after.at!)}`,
    );
    expect(v.countdownTo).toBe(after.at);

    // a node that reports stays out of it
    const healthy = detail("worker-1");
    expect(
      reachability({
        now: Date.parse(healthy.generatedAt),
        ready: healthy.conditions.find((c) => c.type === "Ready") ?? null,
        lease: healthy.lease,
        collection: healthy.row.collection,
      }),
    ).toBeNull();
  }, 60_000);
});
