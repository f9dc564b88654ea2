// Background work waits while the server serves viewers (lib/http/request-activity.ts): with the
// gate closed the cache lists the cluster but sends no kubelet request and computes no row; once
// it opens, collection and rows catch up.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClusterCache } from "@/lib/k8s/cache";
import { buildOverview } from "@/lib/k8s/overview";
import { type Sim, startSim } from "@/lib/sim";
import { cacheFor, until } from "./helpers";

const info = { context: "headroom-sim", contexts: ["headroom-sim"], demo: false };

describe("ClusterCache behind a closed background gate", () => {
  let sim: Sim;
  let cache: ClusterCache;
  let open = false;
  beforeAll(async () => {
    sim = await startSim({ scenario: "memory-pressure", bookmarkEveryMs: 200 });
    cache = cacheFor(sim, "full", {}, { mayRun: () => open });
  });
  afterAll(async () => {
    cache?.stop();
    await sim?.close();
  });

  it("holds kubelet collection and row recomputes until the gate opens", async () => {
    await until(() => cache.nodes.status.synced && cache.pods.status.synced, 10_000, "informers synced");
    await new Promise((r) => setTimeout(r, 500));
    expect(cache.collector.sent).toEqual({ summary: 0, configz: 0 });
    expect(buildOverview(cache, info).nodes.every((n) => n.collection.state !== "ok")).toBe(true);
    expect(cache.ready()).toBe(false);

    open = true;
    expect(await cache.whenReady(15_000)).toBe(true);
    expect(cache.collector.sent.summary).toBeGreaterThanOrEqual(sim.cluster.nodes.length);
    expect(buildOverview(cache, info).nodes.every((n) => n.collection.state === "ok")).toBe(true);
  });
});
