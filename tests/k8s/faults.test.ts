// Failure handling against the sim over real HTTPS: forbidden proxy access, slow and broken
// kubelets, an API server that drops watches, throttles and fails, and a first pod list that is slow or fails.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { clusterOverview, nodeDetail } from "@/lib/contract/dto";
import { buildNodeDetail } from "@/lib/k8s/documents/node-detail";
import { buildOverview } from "@/lib/k8s/documents/overview";
import type { ManualClock } from "@/lib/k8s/io/clock";
import type { ClusterCache } from "@/lib/k8s/store/cache";
import { startSim, type Sim } from "@/lib/sim";

import { cacheFor, drive, FAST, manualCacheFor, until } from "./helpers";

const info = { context: "c", contexts: ["c"], demo: false };
// the first pod list is held for six of FAST's collection intervals
const INTERVAL_MS = FAST.summaryIntervalMs;
const LIST_HELD_MS = 3000;

/** Moves the clock 100 ms at a time (waiting for the API server's answers between steps) until `check`; at most the 30 s back-off cap. */
async function stepClock(clock: ManualClock, check: () => boolean, what: string): Promise<void> {
  for (let moved = 0; !check(); moved += 100) {
    if (moved > 30_000) throw new Error(`no ${what} within 30 s of back-off`);
    clock.advance(100);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("collection failures", () => {
  let sim: Sim;
  const caches: ClusterCache[] = [];
  const start = (...a: Parameters<typeof cacheFor> extends [Sim, ...infer R] ? R : never) => {
    const c = cacheFor(sim, ...a);
    caches.push(c);
    return c;
  };
  beforeAll(async () => {
    sim = await startSim({ scenario: "mixed-pools", bookmarkEveryMs: 200 });
  });
  afterEach(() => {
    caches.splice(0).forEach((c) => c.stop());
    sim.faults.clear();
  });
  afterAll(() => sim?.close());

  it("refuses proxy mode for a least-privilege token with a clear 403 per node", async () => {
    const cache = start("least-privilege", { mode: "proxy" });
    expect(await cache.whenReady(10_000)).toBe(true);
    const rows = buildOverview(cache, info).nodes;
    expect(rows).toHaveLength(sim.cluster.nodes.length);
    for (const r of rows) {
      expect(r.collection.state).toBe("failed");
      expect(r.collection.error).toMatch(/^403 Forbidden/);
      expect(r.collection.error).toContain("nodes");
      expect(r.collection.configSource).toBe("defaults");
    }
  });

  it("marks a hanging and a garbling kubelet failed while the others stay current", async () => {
    const [hang, garble] = sim.cluster.nodes.map((n) => n.name);
    const healthy = sim.cluster.nodes.map((n) => n.name).filter((n) => n !== hang && n !== garble);
    sim.faults.add({ target: "kubelet", nodes: [hang!], kind: "timeout" });
    sim.faults.add({ target: "kubelet", nodes: [garble!], kind: "malformed", paths: ["/stats"] });
    const INTERVAL = 300;
    const { cache, clock } = manualCacheFor(sim, "least-privilege", { kubeletTimeoutMs: 400, summaryIntervalMs: INTERVAL });
    caches.push(cache);
    const rows = () => new Map(buildOverview(cache, info).nodes.map((r) => [r.name, r]));
    // The hanging kubelet holds one request slot until its (real) 0.4 s deadline; `hung: 1` lets
    // the clock move meanwhile, so the others are polled on schedule around it.
    await drive(
      cache,
      clock,
      () => cache.ready() && rows().get(hang!)?.collection.state === "failed",
      "first pass and the hanging kubelet's timeout",
      { hung: 1 },
    );
    expect(rows().get(hang!)!.collection).toMatchObject({ state: "failed", error: "timeout after 0.4s" });
    expect(rows().get(garble!)!.collection.state).toBe("failed");
    expect(rows().get(garble!)!.collection.error).toMatch(/^bad data: kubelet summary is not valid JSON/);
    // Three more intervals of the clock: every healthy node is asked again each interval, so none
    // is ever older than one interval (plus the 50 ms step the answer lands in).
    const seq = (n: string) => cache.states.get(n)!.summarySeq;
    const before = new Map(healthy.map((n) => [n, seq(n)]));
    const spent = await drive(
      cache,
      clock,
      () => healthy.every((n) => seq(n) >= before.get(n)! + 3),
      "three more collections of each healthy node",
      { hung: 1 },
    );
    expect(spent).toBeLessThanOrEqual(3 * INTERVAL + 50);
    for (const n of healthy) {
      const r = rows().get(n)!;
      expect(r.collection.state).toBe("ok");
      expect(r.collection.error).toBeNull();
      expect(r.collection.ageSeconds!).toBeLessThanOrEqual((INTERVAL + 50) / 1000);
    }
    expect(rows().get(hang!)!.collection.state).toBe("failed");
  });

  it("survives dropped watches, 429 and 500 from the API server and keeps following changes", async () => {
    const { cache, clock } = manualCacheFor(sim, "least-privilege");
    caches.push(cache);
    const reflectors = [cache.nodes, cache.pods, cache.leases, cache.events];
    await drive(cache, clock, () => cache.ready() && reflectors.every((r) => r.status.watching), "first sync and open watches");
    const errors = () => reflectors.map((r) => r.status.error ?? "");

    // Every watch is cut and re-opened at once; the API server throttles it: a 429 each, then
    // each reflector waits out its back-off on the cache's clock before it asks again.
    const throttle = sim.faults.add({ target: "apiserver", kind: "throttle" });
    sim.faults.dropWatches();
    // A watch cut mid-stream is an error for the reflector ("terminated"): it backs off on the
    // cache's clock before it relists, so the clock has to move for the 429 to be met.
    await stepClock(clock, () => errors().every((e) => /^429\b/.test(e)), "429 for each reflector");
    expect(sim.faults.hits(throttle)).toBeGreaterThanOrEqual(reflectors.length);
    // A 429 is an answer: the API server is reachable, just busy.
    expect(cache.apiServer()).toEqual({ reachable: true, error: null });
    const throttled = sim.faults.hits(throttle);
    await stepClock(clock, () => sim.faults.hits(throttle) >= throttled + reflectors.length, "a retry each after the back-off");
    sim.faults.remove(throttle);

    // The next retries meet a failing API server.
    const fail = sim.faults.add({ target: "apiserver", kind: "error" });
    await stepClock(clock, () => errors().every((e) => /^500\b/.test(e)), "each reflector to see the 500");
    expect(sim.faults.hits(fail)).toBeGreaterThanOrEqual(reflectors.length);
    for (const r of reflectors) expect(r.status.lastErrorAt).toBeLessThanOrEqual(clock.now());
    sim.faults.remove(fail);

    // Once the back-offs run out every watch is open again, errors cleared (the last one kept).
    await stepClock(clock, () => reflectors.every((r) => r.status.watching && r.status.error === null), "watches to reopen");
    for (const r of reflectors) expect(r.status.lastError).toMatch(/^500\b/);
    const victim = sim.cluster.nodes[0]!;
    victim.stopsAt = sim.clock.now();
    sim.advance(60);
    await drive(
      cache,
      clock,
      () => buildOverview(cache, info).nodes.find((n) => n.name === victim.name)?.ready === "Unknown",
      "node to turn NotReady",
    );
  });

  // The first sync while the pod list is still arriving (slow at 150 000 pods): rows wait for it, so
  // no row ranks or totals a node from some of its pods; the overview counts the nodes and Summaries
  // in and says how far the list is; a Summary is only kept fresh meanwhile (every two intervals).
  // A pod list that fails does not hold rows back.
  it("holds rows back until it is in, says how far it is, and polls kubelets every two intervals meanwhile", async () => {
    const held = sim.faults.add({ target: "apiserver", kind: "latency", ms: LIST_HELD_MS, paths: ["/api/v1/pods"] });
    const t0 = Date.now();
    const cache = start();
    const nodes = sim.cluster.nodes.map((n) => n.name).sort();
    await cache.nodes.synced;
    await until(() => cache.collector.firstPassDone(), 10_000, "every kubelet's first answer");
    // (an earlier test here stopped one node's kubelet: its Summary fails)
    const collected = nodes.filter((n) => cache.states.get(n)?.summaryAt != null);
    expect(collected.length).toBeGreaterThanOrEqual(nodes.length - 1);
    expect(cache.pods.status.synced).toBe(false);
    expect(sim.faults.hits(held)).toBeGreaterThan(0);
    // Summaries in, no row: the overview counts the nodes and says the list is under way
    expect(nodes.every((n) => cache.states.get(n)!.row === null || cache.states.get(n)!.row === undefined)).toBe(true);
    const during = clusterOverview.parse(buildOverview(cache, info));
    expect(during.nodes).toEqual([]);
    expect(during.cluster).toMatchObject({
      ready: false,
      nodesTotal: nodes.length,
      nodesCollected: collected.length,
      podsListed: 0,
    });
    expect(buildNodeDetail(cache, nodes[0]!)).toBeUndefined();
    expect(cache.podListProgress()).toBe(0);

    expect(await cache.whenReady(20_000)).toBe(true);
    const listedAfterMs = Date.now() - t0;
    expect(listedAfterMs).toBeGreaterThanOrEqual(LIST_HELD_MS);
    const sent = cache.collector.sent.summary;
    // Each node asked about every 2 × 500 ms while the list was held (jitter ±10 %): at most
    // ~listedAfterMs / 1000 + 1 times, where the normal cadence asks twice as often.
    expect(sent).toBeLessThanOrEqual(nodes.length * (Math.floor(listedAfterMs / (1.8 * INTERVAL_MS)) + 1));
    expect(sent).toBeGreaterThan(nodes.length); // a Summary was refreshed meanwhile, not left to turn stale

    // Every row at once, from all of its pods
    const after = clusterOverview.parse(buildOverview(cache, info));
    expect(after.cluster.podsListed).toBeUndefined();
    expect(cache.podListProgress()).toBeNull();
    expect(after.nodes.map((r) => r.name)).toEqual(nodes);
    for (const r of after.nodes) {
      const pods = [...cache.pods.store.values()].filter((p) => p.spec.nodeName === r.name);
      expect({ node: r.name, pods: r.podCount }).toEqual({ node: r.name, pods: pods.length });
      expect(r.collection.state).toBe(collected.includes(r.name) ? "ok" : "failed");
    }
    expect(nodeDetail.parse(buildNodeDetail(cache, nodes[0]!)).pods.length).toBe(after.nodes[0]!.podCount);
  }, 30_000);

  it("computes rows from what is there when the pod list fails", async () => {
    const failing = sim.faults.add({ target: "apiserver", kind: "error", paths: ["/api/v1/pods"] });
    const cache = start();
    const nodes = sim.cluster.nodes.map((n) => n.name).sort();
    await until(() => buildOverview(cache, info).nodes.length === nodes.length, 10_000, "a row per node");
    expect(sim.faults.hits(failing)).toBeGreaterThan(0);
    expect(cache.pods.status).toMatchObject({ synced: false, error: expect.stringContaining("500") });
    const doc = clusterOverview.parse(buildOverview(cache, info));
    expect(doc.cluster.podsListed).toBeUndefined();
    expect(doc.cluster.ready).toBe(false);
  }, 30_000);
});
