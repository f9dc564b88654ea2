// Background work waits while the server serves viewers (lib/http/request-activity.ts), but only
// while collection keeps up: with the gate closed no kubelet request starts until the earliest
// due node is one Summary interval overdue; then collection goes on regardless.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClusterCache } from "@/lib/k8s/cache";
import { type Sim, startSim } from "@/lib/sim";
import { cacheFor, until } from "./helpers";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const INTERVAL = 1000;

describe("ClusterCache behind a closed background gate", () => {
  let sim: Sim;
  let cache: ClusterCache;
  let open = true;
  beforeAll(async () => {
    sim = await startSim({ scenario: "memory-pressure", bookmarkEveryMs: 200 });
    cache = cacheFor(sim, "full", { summaryIntervalMs: INTERVAL }, { mayRun: () => open });
  });
  afterAll(async () => {
    cache?.stop();
    await sim?.close();
  });

  it("holds new kubelet requests while viewers are served, until a Summary is an interval late", async () => {
    expect(await cache.whenReady(15_000)).toBe(true);
    await sleep(INTERVAL); // steady state: every node collected on time
    open = false;
    const before = cache.collector.sent.summary;
    // A node falls due and waits: the hold, not a lack of due work, keeps requests back.
    await until(() => cache.collector.lagMs() > 200, 3 * INTERVAL, "a node overdue");
    expect(cache.collector.sent.summary).toBe(before);
    expect(cache.collector.heldMs).toBeGreaterThan(0);
    // Once the earliest due node is an interval late, collection goes on although the gate is closed.
    await until(() => cache.collector.sent.summary >= before + sim.cluster.nodes.length, 4 * INTERVAL, "collection despite the hold");
    expect(cache.collector.lagMs()).toBeLessThan(2 * INTERVAL);
    open = true;
  });
});
