// V8 keeps the pages its collections free resident; releaseHeapPages gives them back, and the cache
// asks for it once after its first complete sync and after each pod relist (lib/k8s/store/heap-release.ts).
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { gcFromExtension, HEAP_RELEASE_DELAY_MS, releaseHeapPages } from "@/lib/k8s/store/heap-release";
import { startSim, type Sim } from "@/lib/sim";

import { drive, manualCacheFor } from "./helpers";

const MiB = 2 ** 20;

describe("releaseHeapPages", () => {
  // "function" where node runs with --expose-gc (Vitest's workers): put back for the files after this one
  const startedWith: unknown = runInNewContext("typeof gc");
  afterAll(() => {
    if (startedWith === "function") v8.setFlagsFromString("--expose-gc");
  });

  it("takes the gc extension's function without leaving it to any later context", () => {
    expect(gcFromExtension()).toEqual(expect.any(Function));
    expect(runInNewContext("typeof gc")).toBe("undefined");
  });

  it("gives back what an ordinary full collection keeps resident", () => {
    const ordinaryGc = gcFromExtension() as unknown as (o: object) => void;
    // ~200 MiB of small objects in the old generation, garbage once the function returns
    const made = (() => {
      const held: { i: number; s: string }[] = [];
      for (let i = 0; i < 2_000_000; i++) held.push({ i, s: `item ${i}` });
      ordinaryGc({ type: "major", execution: "sync" });
      return held.length;
    })();
    expect(made).toBe(2_000_000);
    ordinaryGc({ type: "major", execution: "sync" });
    const heapAfterOrdinary = v8.getHeapStatistics().total_physical_size;
    const rssAfterOrdinary = process.memoryUsage.rss();

    const ms = releaseHeapPages();
    const rssAfterRelease = process.memoryUsage.rss();

    expect(ms).toEqual(expect.any(Number));
    // The ordinary collection emptied the heap but kept its pages; the release returned them.
    expect(rssAfterOrdinary - rssAfterRelease).toBeGreaterThan(100 * MiB);
    expect(v8.getHeapStatistics().total_physical_size).toBeLessThanOrEqual(heapAfterOrdinary);
  });
});

describe("the cache's heap releases", () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim({ scenario: "healthy" });
  });
  afterAll(async () => {
    await sim?.close();
  });

  it("come once after the first complete sync and once after each pod relist", async () => {
    const { cache, clock } = manualCacheFor(sim);
    try {
      await drive(cache, clock, () => cache.ready(), "the first complete sync");
      expect(cache.heapRelease.count).toBe(0);
      const readyAt = clock.now();
      await drive(cache, clock, () => cache.heapRelease.count === 1, "the first release");
      expect(clock.now() - readyAt).toBeGreaterThanOrEqual(HEAP_RELEASE_DELAY_MS);
      expect(cache.heapRelease.lastMs).toEqual(expect.any(Number));
      // asked once, released once
      await drive(cache, clock, () => clock.now() - readyAt > 3 * HEAP_RELEASE_DELAY_MS, "three delays");
      expect(cache.heapRelease.count).toBe(1);

      const relists = cache.pods.status.relists;
      cache.pods.relist();
      await drive(cache, clock, () => cache.pods.status.relists > relists, "the pod relist");
      await drive(cache, clock, () => cache.heapRelease.count === 2, "the release after the relist");
    } finally {
      cache.stop();
    }
  }, 60_000);
});
