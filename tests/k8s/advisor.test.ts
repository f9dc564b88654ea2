// The advisor end to end: the `misconfigured` scenario over loopback, collected by Headroom's own
// cache through client-node, and every mistake it was built with found on its node.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Finding } from "@/lib/eviction/advisor";
import { HOLD_POLL_MS } from "@/lib/http/request-activity";
import { advisorPassInSlices, buildFindingsDocument, fleetFindings, overviewFindingCounts } from "@/lib/k8s/documents/findings";
import { renderCacheMetrics } from "@/lib/k8s/metrics/exposition";
import type { ClusterCache } from "@/lib/k8s/store/cache";
import { startSim, type Sim } from "@/lib/sim";

import { drive, manualCacheFor } from "./helpers";

let sim: Sim;
let cache: ClusterCache;
let findings: Finding[];
let clock: ReturnType<typeof manualCacheFor>["clock"];
// The request gate's answer (lib/http/request-activity.ts): false while a page's requests are served.
let viewersServed = true;

beforeAll(async () => {
  sim = await startSim({ scenario: "misconfigured" });
  sim.advance(15);
  // The cache's own clock moves only when the test drives it: no background Summary lands between
  // two steps of the cluster's clock, so each history sample is the Summary of its cycle.
  const manual = manualCacheFor(sim, "full", {}, { mayRun: () => viewersServed });
  cache = manual.cache;
  clock = manual.clock;
  await drive(
    cache,
    manual.clock,
    () => cache.ready() && [...cache.states.values()].every((s) => s.summary !== null && s.config.source === "configz"),
    "every node collected",
    { timeoutMs: 60_000 },
  );
  // Eighteen 10 s cycles of the cluster's clock, one Summary each: the loader's ramp is in the history.
  for (let i = 0; i < 18; i++) {
    sim.advance(10);
    await cache.collectNow();
  }
  findings = fleetFindings(cache, 0);
}, 120_000);
afterAll(async () => {
  cache?.stop();
  await sim?.close();
});

const on = (node: string) => findings.filter((f) => f.node === node).map((f) => `${f.rule}:${f.severity}`);

describe("the misconfigured scenario, as Headroom collects it", () => {
  it("batch-0: the partial evictionHard (error) and memory falling faster per 10 s than its 300Mi threshold (warning)", () => {
    expect(on("batch-0")).toEqual(["partial-eviction-hard:error", "hard-below-cycle-drop:warning"]);
    const drop = findings.find((f) => f.rule === "hard-below-cycle-drop")!;
    expect(drop.message).toMatch(/^memory\.available fell by \d+(\.\d)?Mi in one 10 s cycle/);
  });
  it("dpdk-0: hugepages counted twice, read from a kubelet that leaves them out of memory.available", () => {
    expect(on("dpdk-0")).toEqual(["hugepages-counted-twice:error"]);
    const s = cache.states.get("dpdk-0")!.summary!;
    const m = s.node!.memory!;
    // the Summary's memory base is capacity minus the 16Gi pool, as a 1.37 kubelet with the gate reports it
    expect(m.availableBytes! + m.workingSetBytes!).toBe(64 * 2 ** 30 - 16 * 2 ** 30);
  });
  it("web-drifted-0: pool drift against the web pool's other two nodes", () => {
    expect(on("web-drifted-0")).toContain("pool-drift:warning");
    const f = findings.find((x) => x.rule === "pool-drift")!;
    expect(f.message).toBe(
      "Pool web: evictionHard memory.available is 500Mi on this node and 100Mi on 2 of its 3 nodes, so the pool's nodes evict at different points.",
    );
  });
  it("the resizer near its limit, and small-0 out of pod slots", () => {
    expect(findings.filter((f) => f.rule === "container-near-limit").length).toBe(3);
    expect(on("small-0")).toEqual(["out-of-pod-slots:warning"]);
  });
  it("web-0 and web-1 carry only the resizer's warning", () => {
    for (const n of ["web-0", "web-1"]) expect(new Set(on(n))).toEqual(new Set(["container-near-limit:warning"]));
  });
});

describe("headroom_config_finding in /metrics", () => {
  it("counts each node's findings by rule and severity", () => {
    const text = renderCacheMetrics(cache);
    expect(text).toContain('headroom_config_finding{node="batch-0",rule="partial-eviction-hard",severity="error"} 1');
    expect(text).toContain('headroom_config_finding{node="dpdk-0",rule="hugepages-counted-twice",severity="error"} 1');
    expect(text).toContain('headroom_config_finding{node="web-drifted-0",rule="pool-drift",severity="warning"} 1');
    expect(text).not.toMatch(/headroom_config_finding\{node="web-0",rule="pool-drift"/);
  });
});

describe("the streamed fleet overview's findings column", () => {
  it("takes the last advisor pass even when stale, and redoes it only once the response is sent", async () => {
    const before = fleetFindings(cache, 0);
    clock.advance(6_000); // older than the 5 s a pass is fresh for
    const counts = overviewFindingCounts(cache);
    expect(counts.countsOf("batch-0")).toEqual({ error: 1, warning: 1, info: 0 });
    // nothing was recomputed on the request's path
    expect(fleetFindings(cache, Infinity)).toBe(before);
    counts.whenSent();
    await new Promise((r) => setImmediate(r));
    const after = fleetFindings(cache, Infinity);
    expect(after).not.toBe(before);
    expect(after.map((f) => `${f.node}:${f.rule}`)).toEqual(before.map((f) => `${f.node}:${f.rule}`));
  });
  it("redoes the pass only once the page's requests are answered", async () => {
    const before = fleetFindings(cache, 0);
    clock.advance(6_000);
    viewersServed = false;
    overviewFindingCounts(cache).whenSent();
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setImmediate(r));
      clock.advance(25);
    }
    expect(fleetFindings(cache, Infinity)).toBe(before);
    viewersServed = true;
    clock.advance(25);
    await new Promise((r) => setImmediate(r));
    expect(fleetFindings(cache, Infinity)).not.toBe(before);
  });
  it("a background pass advises the nodes a slice at a time, holds between slices while requests are served, and finds what one task finds", async () => {
    const turn = () => new Promise((r) => setImmediate(r));
    const nodes = cache.states.size;
    expect(nodes).toBeGreaterThan(3);
    let done = false;
    // a slice of 0 ms: one node per turn of the event loop
    const sliced = advisorPassInSlices(cache, 0).then((f) => ((done = true), f));
    await turn();
    await turn();
    expect(done).toBe(false);
    viewersServed = false; // a page's requests are being answered: no slice runs
    for (let i = 0; i < nodes + 2; i++) {
      clock.advance(HOLD_POLL_MS);
      await turn();
    }
    expect(done).toBe(false);
    viewersServed = true;
    let turns = 0;
    while (!done && turns < 4 * nodes) {
      clock.advance(HOLD_POLL_MS);
      await turn();
      turns++;
    }
    expect(done).toBe(true);
    expect(turns).toBeGreaterThan(1);
    const findings = await sliced;
    expect(fleetFindings(cache, Infinity)).toBe(findings);
    expect(findings).toEqual(fleetFindings(cache, 0));
    expect(findings.map((f) => `${f.node}:${f.rule}`)).toContain("web-drifted-0:pool-drift");
  });
  it("waits for a pass when the last one is over a minute old", () => {
    const before = fleetFindings(cache, 0);
    clock.advance(61_000);
    overviewFindingCounts(cache);
    expect(fleetFindings(cache, Infinity)).not.toBe(before);
  });
});

describe("GET /api/findings (the findings page, and each node page every 30 s)", () => {
  const turn = () => new Promise((r) => setImmediate(r));
  it("serves the last pass when it is stale, and redoes it in the background", async () => {
    const before = fleetFindings(cache, 0);
    clock.advance(6_000);
    const doc = buildFindingsDocument(cache, "batch-0");
    expect(doc.findings.map((f) => `${f.node}:${f.rule}:${f.severity}`)).toEqual([
      "batch-0:partial-eviction-hard:error",
      "batch-0:hard-below-cycle-drop:warning",
    ]);
    // nothing was recomputed on the request's path
    expect(fleetFindings(cache, Infinity)).toBe(before);
    for (let i = 0; i < 4 && fleetFindings(cache, Infinity) === before; i++) await turn();
    const after = fleetFindings(cache, Infinity);
    expect(after).not.toBe(before);
    expect(after).toEqual(before);
  });
  it("a node's findings include its pool's drift; the fleet's are every node's", () => {
    expect(buildFindingsDocument(cache, "web-drifted-0").findings.map((f) => f.rule)).toContain("pool-drift");
    expect(buildFindingsDocument(cache).findings.length).toBe(fleetFindings(cache, Infinity).length);
  });
  it("waits for a pass when the last one is over a minute old", () => {
    const before = fleetFindings(cache, 0);
    clock.advance(61_000);
    buildFindingsDocument(cache, "batch-0");
    expect(fleetFindings(cache, Infinity)).not.toBe(before);
  });
});
