// A lower-bound time (unused images are deleted first: images-first.ts) reads the same in the
// signal panel, the headline and the fleet row: "~N min at the earliest", from one function.
import { describe, expect, it } from "vitest";

import type { AnalyzeOutput } from "@/lib/eviction";

import { fleetForecast } from "../forecast/next-eviction";
import { forecastNode } from "../forecast/node-forecast";
import { Gi, Mi, T0 } from "../forecast/test-node";
import { contradictions } from "./forecast-consistency";
import { atTheEarliest, roughly } from "./forecast-phrases";
import { reachSentence } from "./forecast-sentences";
import { liveVerdict } from "./forecast-verdict";

const utc = (ms: number) => new Date(ms).toISOString().slice(11, 19);

/** A node with a dedicated 60Gi imagefs (hard 15 %, 9Gi) with `available` left, and a 47Gi nodefs far from its threshold. */
function diskNode(available: number): AnalyzeOutput {
  const sig = (signal: "imagefs.available" | "nodefs.available", avail: number, capacity: number, value: number) => ({
    signal,
    available: avail,
    capacity,
    thresholds: [{ kind: "hard" as const, value, margin: avail - value, met: value > avail }],
  });
  const thr = (signal: "imagefs.available" | "nodefs.available", pct: number) => ({
    signal,
    kind: "hard" as const,
    value: { percentage: pct },
    gracePeriodSeconds: 0,
    minReclaim: { quantity: 0 },
  });
  return {
    node: "n",
    thresholdSource: "kubeletConfig",
    thresholds: [thr("imagefs.available", 0.15), thr("nodefs.available", 0.1)],
    reservation: { kubeReserved: {}, systemReserved: {}, evictionHard: {}, total: {} },
    allocatable: {},
    signals: [sig("imagefs.available", available, 60 * Gi, 9 * Gi), sig("nodefs.available", 40 * Gi, 47 * Gi, 4.7 * Gi)],
    conditions: { MemoryPressure: false, DiskPressure: false, PIDPressure: false },
    pods: [],
    rankings: {},
    replay: [],
  };
}

// imagefs.available falling 10Mi/s for 5 min, 2Gi above its hard threshold: ~3–4 min
const values = Array.from({ length: 30 }, (_, i) => 11 * Gi + (29 - i) * 100 * Mi);
const series = (n: number) => ({
  start: T0 - (n - 1) * 10_000,
  intervalSeconds: 10,
  signals: {
    "imagefs.available": { available: values.slice(-n), capacity: 60 * Gi },
    "nodefs.available": { available: Array<number>(n).fill(40 * Gi), capacity: 47 * Gi },
  },
});

describe("a lower bound in every place that prints it", () => {
  it("panel, headline and fleet row all say the same time 'at the earliest'", () => {
    const fc = forecastNode({
      now: T0,
      result: diskNode(11 * Gi),
      history: series(30),
      conditions: [],
      evictions: [],
      transitionPeriodSeconds: 300,
    });
    expect(fc.next).toMatchObject({ signal: "imagefs.available", because: "reaches-hard", lowerBound: true });
    const seconds = (fc.next!.at - T0) / 1000;
    const time = atTheEarliest(roughly(seconds), true);
    expect(time).toMatch(/^~\d+ min at the earliest$/);
    const panel = reachSentence(fc.signals[0]!, T0, utc);
    expect(panel).toMatch(/hard, 2Gi away: in \S+ min \(\d\d:\d\d:\d\d\) at the earliest: unused images are deleted first/);
    const headline = liveVerdict(fc, T0, utc).text;
    expect(headline).toMatch(
      /imagefs\.available reaches the hard threshold in \S+ min at the earliest at the current rate \(unused images are deleted first/,
    );
    const row = fleetForecast({
      now: T0,
      result: diskNode(11 * Gi),
      conditions: [],
      evictions: [],
      kubeletConfig: {},
      kubeletFlags: null,
      history: series,
      intervalSeconds: 10,
    });
    expect(row.nextEviction).toEqual({ at: fc.next!.at, signal: "imagefs.available", because: "reaches-hard", lowerBound: true });
    expect(atTheEarliest(roughly((row.nextEviction!.at - T0) / 1000), row.nextEviction!.lowerBound)).toBe(time);
    expect(contradictions(fc, T0, utc)).toEqual([]);
  });

  it("an exact time carries no 'at the earliest' (silent)", () => {
    expect(atTheEarliest("~3 min", false)).toBe("~3 min");
    expect(atTheEarliest("~3 min", undefined)).toBe("~3 min");
  });
});
