// Adversarial cases for the image-aware and young-trend forecast: an image pull (a step too small
// for the jump test) cuts the disk trend but never memory's; the unused bytes node.status.images
// tell make the time exact or a lower bound; a rate seen for less time than it projects says
// "no trend yet" instead of a time. Every sentence still agrees with its numbers.
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import type { AnalyzeOutput } from "@/lib/eviction";

import { forecastNode } from "../forecast/node-forecast";
import { IMAGES_COLUMN } from "../forecast/node-images";
import { criticalCni, Gi, Mi, T0, testHistory, testNode } from "../forecast/test-node";
import { contradictions } from "./forecast-consistency";
import { liveVerdict } from "./forecast-verdict";

const utc = (ms: number) => new Date(ms).toISOString().slice(11, 19);

/** A dedicated 60Gi imagefs (hard 15 % = 9Gi) with `available` left. */
function imagefsNode(available: number): AnalyzeOutput {
  return {
    node: "n",
    thresholdSource: "kubeletConfig",
    thresholds: [
      {
        signal: "imagefs.available",
        kind: "hard",
        value: { percentage: 0.15 },
        gracePeriodSeconds: 0,
        minReclaim: { quantity: 0 },
      },
    ],
    reservation: { kubeReserved: {}, systemReserved: {}, evictionHard: {}, total: {} },
    allocatable: {},
    signals: [
      {
        signal: "imagefs.available",
        available,
        capacity: 60 * Gi,
        thresholds: [{ kind: "hard", value: 9 * Gi, margin: available - 9 * Gi, met: available < 9 * Gi }],
      },
      // a nodefs of other sizes: the imagefs is dedicated, so unused images are deleted before an eviction for it
      { signal: "nodefs.available", available: 40 * Gi, capacity: 47 * Gi, thresholds: [] },
    ],
    conditions: { MemoryPressure: false, DiskPressure: false, PIDPressure: false },
    pods: [],
    rankings: {},
    replay: [],
  };
}

const series = (imagefs: number[], images: number[]) => ({
  start: T0 - (imagefs.length - 1) * 10_000,
  intervalSeconds: 10,
  signals: {
    "imagefs.available": { available: imagefs, capacity: 60 * Gi },
    "nodefs.available": { available: imagefs.map(() => 40 * Gi), capacity: 47 * Gi },
    [IMAGES_COLUMN]: { available: images, capacity: null },
  },
});

const node = (images: { names: string[]; sizeBytes: number }[]) => ({ status: { images } });
const app = { spec: { containers: [{ name: "c", image: "ghcr.io/a/app:1" }] }, status: { phase: "Running" } };

describe("image pulls and the disk trend", () => {
  // a writable layer growing 10Mi/s, with a 500Mi pull (under the jump test's 1 % of 60Gi) 5 samples ago
  const pullAt = 24;
  const imagefs = Array.from({ length: 30 }, (_, i) => 12 * Gi - i * 100 * Mi - (i >= pullAt ? 500 * Mi : 0));
  const images = Array.from({ length: 30 }, (_, i) => 10 * Gi + (i >= pullAt ? 500 * Mi : 0));

  it("cuts the trend at the pull the history's image column shows, so the step is no part of the rate", () => {
    const f = forecastNode({
      now: T0,
      result: imagefsNode(imagefs.at(-1)!),
      history: series(imagefs, images),
      conditions: [],
      evictions: [],
      transitionPeriodSeconds: 300,
    });
    const s = f.signals.find((x) => x.signal === "imagefs.available")!;
    expect(s.trend!.cause?.what).toBe("the image pull (500Mi)");
    expect(s.trend!.samples).toBe(30 - pullAt);
    expect(s.ratePerSecond! / Mi).toBeCloseTo(-10, 3);
    expect(contradictions(f, T0, utc)).toEqual([]);
  });

  it("never cuts memory's trend at an image pull", () => {
    const leak = Array.from({ length: 30 }, (_, i) => 3 * Gi - i * 10 * Mi);
    const h = testHistory(leak);
    const withImages = { ...h, signals: { ...h.signals, [IMAGES_COLUMN]: { available: images, capacity: null } } };
    const a = forecastNode({
      now: T0,
      result: testNode(leak.at(-1)!),
      history: h,
      conditions: [],
      evictions: [],
      transitionPeriodSeconds: 300,
    });
    const b = forecastNode({
      now: T0,
      result: testNode(leak.at(-1)!),
      history: withImages,
      conditions: [],
      evictions: [],
      transitionPeriodSeconds: 300,
    });
    expect(b.signals[0]!.trend).toEqual(a.signals[0]!.trend);
    expect(b.next).toEqual(a.next);
  });

  it("the unused image bytes node.status.images tell: a lower bound while some remain, exact when none", () => {
    const steady = Array.from({ length: 30 }, (_, i) => 12 * Gi - i * 100 * Mi);
    const flat = steady.map(() => 10 * Gi);
    const run = (n: ReturnType<typeof node>) =>
      forecastNode({
        now: T0,
        result: imagefsNode(steady.at(-1)!),
        history: series(steady, flat),
        conditions: [],
        evictions: [],
        pods: [app] as never,
        transitionPeriodSeconds: 300,
        node: n,
      }).next!;
    const used = { names: ["ghcr.io/a/app@sha256:1", "ghcr.io/a/app:1"], sizeBytes: 10 * Gi };
    expect(run(node([used])).lowerBound).toBeUndefined();
    expect(run(node([used, { names: ["ghcr.io/a/old:0"], sizeBytes: Gi }])).lowerBound).toBe(true);
    // unknown (no list): a lower bound, as the Summary alone cannot tell
    expect(run(node([])).lowerBound).toBe(true);
  });
});

describe("a rate too young to project", () => {
  it("the start of a fill: no time, and the headline says there is no trend yet", () => {
    // 8 samples (70 s) falling 20Mi/s, 3Gi above the soft threshold: ~2.6 min away, further than it has been seen
    const fill = Array.from({ length: 8 }, (_, i) => 4 * Gi - i * 200 * Mi);
    const f = forecastNode({
      now: T0,
      result: testNode(fill.at(-1)!),
      history: testHistory(fill),
      conditions: [],
      evictions: [],
      pods: criticalCni,
      transitionPeriodSeconds: 300,
    });
    expect(f.signals[0]!.reach.map((r) => r.state)).toEqual(["young", "young"]);
    expect(f.next).toBeNull();
    expect(liveVerdict(f, T0, utc).text).toMatch(/^No threshold met; no trend yet: memory.available is falling/);
    expect(contradictions(f, T0, utc)).toEqual([]);
  });

  it("property: a time is printed only when the rate was seen for as long, or for a whole window", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 40 }),
        fc.double({ min: 1 * Mi, max: 300 * Mi, noNaN: true }),
        fc.double({ min: 1.2 * Gi, max: 8 * Gi, noNaN: true }),
        (k, rate, top) => {
          const xs = Array.from({ length: k }, (_, i) => Math.max(0, Math.round(top - rate * i)));
          const f = forecastNode({
            now: T0,
            result: testNode(xs.at(-1)!),
            history: testHistory(xs),
            conditions: [],
            evictions: [],
            pods: criticalCni,
            transitionPeriodSeconds: 300,
          });
          const s = f.signals[0]!;
          for (const r of s.reach.filter((x) => x.state === "due"))
            expect(r.seconds! <= s.trend!.observedSeconds || s.trend!.observedSeconds >= 290).toBe(true);
          expect(contradictions(f, T0, utc)).toEqual([]);
        },
      ),
      { numRuns: 500 },
    );
  });
});
