// Background work waits while the server serves viewers (lib/http/request-activity.ts), but only
// while collection keeps up: with the gate closed no kubelet request starts until the earliest
// due node is one Summary interval overdue; then collection goes on regardless.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { ManualClock } from "@/lib/k8s/io/clock";
import type { ClusterCache } from "@/lib/k8s/store/cache";
import { startSim, type Sim } from "@/lib/sim";

import { drive, manualCacheFor } from "./helpers";

const INTERVAL = 1000;

describe("ClusterCache behind a closed background gate", () => {
  let sim: Sim;
  let cache: ClusterCache;
  let clock: ManualClock;
  let open = true;
  beforeAll(async () => {
    sim = await startSim({ scenario: "memory-pressure", bookmarkEveryMs: 200 });
    ({ cache, clock } = manualCacheFor(sim, "full", { summaryIntervalMs: INTERVAL }, { mayRun: () => open }));
  });
  afterAll(async () => {
    cache?.stop();
    await sim?.close();
  });

  it("holds new kubelet requests while viewers are served, until a Summary is an interval late", async () => {
    await drive(cache, clock, () => cache.ready(), "first sync");
    const t = clock.now();
    await drive(cache, clock, () => clock.now() >= t + INTERVAL, "one interval of steady state");
    expect(cache.collector.lagMs()).toBe(0);
    open = false;
    const before = cache.collector.sent.summary;
    // A node falls due and waits: the hold, not a lack of due work, keeps requests back.
    await drive(cache, clock, () => cache.collector.lagMs() > 200, "a node overdue");
    expect(cache.collector.sent.summary).toBe(before);
    expect(cache.collector.heldMs).toBeGreaterThan(0);
    const firstDue = clock.now() - cache.collector.lagMs();
    // Collection goes on, although the gate is closed, exactly once the earliest due node is an interval late.
    let lagAtFirstRequest = -1;
    await drive(
      cache,
      clock,
      () => {
        if (lagAtFirstRequest < 0 && cache.collector.sent.summary > before) lagAtFirstRequest = clock.now() - firstDue;
        return cache.collector.sent.summary >= before + sim.cluster.nodes.length;
      },
      "collection despite the hold",
    );
    expect(lagAtFirstRequest).toBeGreaterThanOrEqual(INTERVAL);
    expect(lagAtFirstRequest).toBeLessThan(INTERVAL + 100);
    expect(cache.collector.lagMs()).toBeLessThan(2 * INTERVAL);
    open = true;
  });
});
