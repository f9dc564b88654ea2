// Background work waits while the server serves viewers (lib/http/request-activity.ts), but only
// while collection keeps up: with the gate closed no kubelet request starts until the earliest
// due node is MAX_LATE_MS overdue; then collection goes on regardless, and nothing goes stale.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClusterCache } from "@/lib/k8s/cache";
import { MAX_LATE_MS } from "@/lib/k8s/collector";
import { type Sim, startSim } from "@/lib/sim";
import { FAST, cacheFor } from "./helpers";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("ClusterCache behind a closed background gate", () => {
  let sim: Sim;
  let cache: ClusterCache;
  let open = true;
  beforeAll(async () => {
    sim = await startSim({ scenario: "memory-pressure", bookmarkEveryMs: 200 });
    cache = cacheFor(sim, "full", {}, { mayRun: () => open });
  });
  afterAll(async () => {
    cache?.stop();
    await sim?.close();
  });

  it("holds new kubelet requests while viewers are served, until a Summary would be late", async () => {
    expect(await cache.whenReady(15_000)).toBe(true);
    open = false;
    await sleep(200); // requests already in flight finish
    const before = cache.collector.sent.summary;
    // Every node falls due within one interval (500 ms); none is MAX_LATE_MS late before this.
    await sleep(MAX_LATE_MS - 300);
    expect(cache.collector.sent.summary).toBe(before);
    expect(cache.collector.heldMs).toBeGreaterThan(0);
    // Past MAX_LATE_MS overdue, collection goes on although the gate is still closed.
    await sleep(FAST.summaryIntervalMs + 1000);
    expect(cache.collector.sent.summary).toBeGreaterThanOrEqual(before + sim.cluster.nodes.length);
    open = true;
  });
});
