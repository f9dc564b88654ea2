// V8's heap growth (lib/k8s/store/heap-growth.ts): doubling between full collections while a cache
// makes its first sync, 30% after it, an operator's own value on node's command line never touched.
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { FIRST_SYNC_HEAP_GROWING_PERCENT, HEAP_GROWING_PERCENT, HeapGrowth, heapGrowth } from "@/lib/k8s/store/heap-growth";
import { startSim, type Sim } from "@/lib/sim";

import { drive, manualCacheFor } from "./helpers";

const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, args, { env: { ...process.env, NODE_OPTIONS: "", ...env }, encoding: "utf8" });

describe("--heap-growing-percent", () => {
  it("is taken on node's command line and shows in execArgv, where HeapGrowth looks", () => {
    const r = run(["--heap-growing-percent=0", "-e", "console.log(JSON.stringify(process.execArgv))"]);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toContain("--heap-growing-percent=0");
  });

  it("is refused in NODE_OPTIONS: node does not start", () => {
    const r = run(["-e", "console.log('started')"], { NODE_OPTIONS: "--heap-growing-percent=0" });
    expect(r.status).not.toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/--heap-growing-percent=? is not allowed in NODE_OPTIONS/);
  });

  it("set while node runs, changes how often V8 collects a growing live set", () => {
    // 6 M small objects kept, as a first pod list keeps its pods; full collections counted. With
    // 3 M the counts were 5 and 3 on a quiet machine but 3 and 3 in one CI run: how many full
    // collections end depends on when marking finishes, and so on the machine's load. At 6 M with
    // --single-threaded-gc (marking on the main thread, paced by allocation) they were 6 and 3 in
    // every run, quiet or beside six busy loops on two cores.
    const majorCollections = (percent: number) => {
      const script = `
        const v8 = require("node:v8");
        const { PerformanceObserver, constants } = require("node:perf_hooks");
        v8.setFlagsFromString("--heap-growing-percent=${percent}");
        let major = 0;
        new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) major++; }).observe({ entryTypes: ["gc"] });
        const kept = [];
        for (let i = 0; i < 6_000_000; i++) kept.push({ i, s: "pod " + i });
        setTimeout(() => console.log(major, kept.length), 100);`;
      const r = run(["--single-threaded-gc", "-e", script]);
      expect(r.stderr).toBe("");
      const [major, kept] = r.stdout.trim().split(" ").map(Number);
      expect(kept).toBe(6_000_000);
      return major!;
    };
    const steady = majorCollections(HEAP_GROWING_PERCENT);
    const firstSync = majorCollections(FIRST_SYNC_HEAP_GROWING_PERCENT);
    expect(firstSync).toBeLessThan(steady);
  });
});

describe("HeapGrowth", () => {
  it("doubles while any cache is in its first sync and sets 30% once the last one ends", () => {
    const set: string[] = [];
    const g = new HeapGrowth(false, (f) => set.push(f));
    const endA = g.firstSync();
    const endB = g.firstSync();
    expect(set).toEqual([`--heap-growing-percent=${FIRST_SYNC_HEAP_GROWING_PERCENT}`]);
    endA();
    endA(); // a second end of the same sync counts once
    expect(g.caches).toBe(1);
    expect(g.percent).toBe(FIRST_SYNC_HEAP_GROWING_PERCENT);
    endB();
    expect(g.caches).toBe(0);
    expect(set).toEqual([
      `--heap-growing-percent=${FIRST_SYNC_HEAP_GROWING_PERCENT}`,
      `--heap-growing-percent=${HEAP_GROWING_PERCENT}`,
    ]);
    expect(g.percent).toBe(HEAP_GROWING_PERCENT);
  });

  it("leaves a value given on node's command line alone", () => {
    const set: string[] = [];
    const g = new HeapGrowth(true, (f) => set.push(f));
    g.firstSync()();
    expect(set).toEqual([]);
    expect(g.percent).toBeNull();
  });
});

describe("the cache's first sync", () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim({ scenario: "healthy" });
  });
  afterAll(async () => {
    await sim?.close();
  });

  it("holds the doubling from start to its first complete sync", async () => {
    const before = heapGrowth.caches;
    const { cache, clock } = manualCacheFor(sim);
    try {
      expect(heapGrowth.caches).toBe(before + 1);
      await drive(cache, clock, () => cache.ready(), "the first complete sync");
      expect(heapGrowth.caches).toBe(before);
    } finally {
      cache.stop();
    }
    expect(heapGrowth.caches).toBe(before);
  }, 60_000);

  it("gives it up after ten minutes when the first sync does not complete, and on stop", async () => {
    const gone = await startSim({ scenario: "healthy" });
    const before = heapGrowth.caches;
    const { cache, clock } = manualCacheFor(gone);
    await gone.close(); // the API server is gone: no list ever completes
    try {
      expect(heapGrowth.caches).toBe(before + 1);
      await drive(cache, clock, () => clock.now() > 9 * 60_000, "nine minutes", { stepMs: 5_000 });
      expect(cache.ready()).toBe(false);
      expect(heapGrowth.caches).toBe(before + 1);
      await drive(cache, clock, () => heapGrowth.caches === before, "the ten-minute bound", { stepMs: 5_000 });
      expect(clock.now()).toBeGreaterThanOrEqual(10 * 60_000);
    } finally {
      cache.stop();
    }
    expect(heapGrowth.caches).toBe(before);
    // stop ends a first sync in progress too
    const { cache: other } = manualCacheFor(sim);
    expect(heapGrowth.caches).toBe(before + 1);
    other.stop();
    expect(heapGrowth.caches).toBe(before);
  }, 60_000);
});
