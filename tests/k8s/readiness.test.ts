// Honest health (issue 14, item 8): during an API-server outage /api/readyz and /api/cluster say
// the API server is unreachable and each informer's error; once the watches are answered again the
// errors clear (without waiting for a full relist) and only lastError remembers the outage.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { buildOverview } from "@/lib/k8s/documents/overview";
import { renderCacheMetrics } from "@/lib/k8s/metrics/exposition";
import type { ClusterCache } from "@/lib/k8s/store/cache";
import { startSim, type Sim } from "@/lib/sim";

import { cacheFor, until } from "./helpers";

const info = { context: "c", contexts: ["c"], demo: false };
const informers = (c: ClusterCache) => [c.nodes, c.pods, c.leases, c.events].map((r) => r.status);

describe("readiness during and after an API-server outage", () => {
  let sim: Sim;
  let cache: ClusterCache;
  beforeAll(async () => {
    sim = await startSim({ scenario: "healthy", bookmarkEveryMs: 200 });
    cache = cacheFor(sim, "least-privilege");
  });
  afterAll(async () => {
    cache?.stop();
    await sim?.close();
  });

  it("reports the outage while it lasts and clears it when the watches are back", async () => {
    expect(await cache.whenReady(10_000)).toBe(true);
    await until(() => informers(cache).every((s) => s.watching), 5000, "watches open");
    expect(cache.apiServer()).toEqual({ reachable: true, error: null });
    const relists = informers(cache).map((s) => s.relists);

    const outage = sim.faults.add({ target: "apiserver", kind: "drop" });
    sim.faults.dropWatches();
    await until(() => !cache.apiServer().reachable, 5000, "the API server reported unreachable");
    const down = cache.apiServer();
    // How a cut connection reads depends on where it was cut: before an answer "network error …"
    // (a list, or a watch: watch-stream.ts), mid-body of a watch "terminated: the watch stream was cut".
    const CUT = /network error|socket hang up|ECONNRESET|terminated/;
    expect(down.error).toMatch(CUT);
    expect(buildOverview(cache, info).cluster.apiServer).toEqual(down);
    for (const s of informers(cache))
      expect(s).toMatchObject({ watching: false, error: expect.any(String), lastError: expect.any(String) });
    expect(renderCacheMetrics(cache)).toMatch(/^headroom_apiserver_reachable 0$/m);
    expect(renderCacheMetrics(cache)).toMatch(/^headroom_informer_healthy\{resource="nodes"\} 0$/m);
    expect(cache.ready()).toBe(true); // sticky: an outage does not take the pod out of its Service

    sim.faults.remove(outage);
    await until(() => informers(cache).every((s) => s.error === null && s.watching), 15_000, "every informer healthy again");
    expect(cache.apiServer()).toEqual({ reachable: true, error: null });
    expect(buildOverview(cache, info).cluster.apiServer.reachable).toBe(true);
    expect(renderCacheMetrics(cache)).toMatch(/^headroom_apiserver_reachable 1$/m);
    for (const s of informers(cache)) expect(s.lastError).toMatch(CUT);
    // Recovered through the watch (resumed from its resourceVersion), not a full relist.
    expect(informers(cache).map((s) => s.relists)).toEqual(relists);
  }, 30_000);
});
