// Property: every forecast the code can produce, over random and adversarial histories (leaks,
// sawtooth, steps, bursts, flat, noise, gaps, with evictions at random times), prints times that
// agree with the margin and the rate it prints beside them, and never a projection already due.
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import type { EvictionRecord } from "@/lib/contract/dto";

import { forecastNode } from "../forecast/index";
import { criticalCni, Gi, Mi, T0, testHistory, testNode } from "../forecast/test-node";
import { amount, contradictions, duration } from "./forecast-consistency";
import { marginSentence, reachSentence } from "./forecast-sentences";
import { liveVerdict } from "./forecast-verdict";

const utc = (ms: number) => new Date(ms).toISOString().slice(11, 19);
const CAP = 8 * Gi;
const clamp = (v: number) => Math.max(0, Math.min(CAP, Math.round(v)));

const n = fc.integer({ min: 1, max: 60 });
const level = fc.double({ min: 0, max: CAP, noNaN: true });
const noise = (amp: number) => fc.array(fc.double({ min: -amp, max: amp, noNaN: true }), { minLength: 60, maxLength: 60 });

const shapes = {
  flat: fc.tuple(n, level, noise(Mi)).map(([k, c, e]) => Array.from({ length: k }, (_, i) => clamp(c + e[i]!))),
  leak: fc
    .tuple(n, level, fc.double({ min: -200 * Mi, max: 50 * Mi, noNaN: true }), noise(20 * Mi))
    .map(([k, c, r, e]) => Array.from({ length: k }, (_, i) => clamp(c + r * i + e[i]!))),
  sawtooth: fc
    .tuple(n, level, level, fc.integer({ min: 2, max: 20 }))
    .map(([k, hi, lo, p]) => Array.from({ length: k }, (_, i) => clamp(hi - ((hi - lo) * (i % p)) / p))),
  steps: fc
    .tuple(n, fc.array(level, { minLength: 1, maxLength: 6 }))
    .map(([k, ls]) => Array.from({ length: k }, (_, i) => clamp(ls[Math.floor((i * ls.length) / k)]!))),
  bursts: fc
    .tuple(n, level, noise(3 * Gi), fc.double({ min: 0, max: 1, noNaN: true }))
    .map(([k, c, e, p]) => Array.from({ length: k }, (_, i) => clamp(Math.abs(e[i]!) < p * 3 * Gi ? c : c - e[i]!))),
  noisy: fc.array(level, { minLength: 1, maxLength: 60 }),
};

const withGaps = (xs: number[]) =>
  fc
    .array(fc.boolean(), { minLength: xs.length, maxLength: xs.length })
    .map((g) => xs.map((x, i) => (g[i] && i < xs.length - 1 ? null : x)));

const history = fc.oneof(...Object.values(shapes)).chain((xs) => fc.oneof(fc.constant<(number | null)[]>(xs), withGaps(xs)));

const evictionAt = (at: number, kind: EvictionRecord["kind"]): EvictionRecord => ({
  time: new Date(at).toISOString(),
  namespace: "default",
  pod: "report-worker",
  kind,
  signalResource: "memory",
  message: "",
  thresholdQuantity: null,
  available: null,
  containers: [],
});

const scenario = fc.record({
  samples: history,
  breaks: fc.array(
    fc.tuple(
      fc.integer({ min: 0, max: 600 }),
      fc.constantFrom("node-pressure", "oom", "api") as fc.Arbitrary<EvictionRecord["kind"]>,
    ),
    {
      maxLength: 3,
    },
  ),
  lag: fc.integer({ min: 0, max: 9_999 }),
  tick: fc.integer({ min: 0, max: 30_000 }),
});

describe("every printed time agrees with its own numbers", () => {
  it("over random and adversarial histories", () => {
    fc.assert(
      fc.property(scenario, ({ samples, breaks, lag, tick }) => {
        const observed = samples.findLast((x) => x != null)!;
        const now = T0 + lag;
        const fcst = forecastNode({
          now,
          result: testNode(observed),
          history: testHistory(samples),
          conditions: [],
          evictions: breaks.map(([ago, kind]) => evictionAt(T0 - ago * 1000, kind)),
          pods: criticalCni,
          transitionPeriodSeconds: 300,
        });
        expect(contradictions(fcst, now + tick, utc)).toEqual([]);
        // no time-to-threshold beyond the horizon, and none in the past
        const due = fcst.signals.flatMap((f) => f.reach.filter((r) => r.state === "due").map((r) => r.seconds!));
        expect(due.filter((s) => !(s >= 0 && s <= 6 * 3600))).toEqual([]);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 3000) },
    );
  });

  it("the checker catches a contradiction: a leak whose sentence is made to print a tenfold time", () => {
    const leak = Array.from({ length: 30 }, (_, i) => 3 * Gi - i * 10 * Mi);
    const f = forecastNode({
      now: T0,
      result: testNode(leak.at(-1)!),
      history: testHistory(leak),
      conditions: [],
      evictions: [],
      transitionPeriodSeconds: 300,
    });
    const s = f.signals[0]!;
    // 2.7Gi − 1Gi at 1Mi/s: ~29 min to soft; a rate ten times faster must disagree with it
    expect(reachSentence(s, T0, utc)).toMatch(/soft, 1\.7Gi away: in ~29 min/);
    expect(contradictions(f, T0, utc)).toEqual([]);
    const wrong = { ...f, signals: [{ ...s, ratePerSecond: s.ratePerSecond! * 10 }] };
    expect(contradictions(wrong, T0, utc).join()).toMatch(/prints .* margin ÷ rate is/);
  });
});

describe("reading the sentences back", () => {
  it("reads amounts and durations as the intervals they were rounded from", () => {
    expect(amount("1.5Gi")).toEqual([1.45 * Gi, 1.55 * Gi]);
    expect(amount("12,000")).toEqual([11999.5, 12000.5]);
    expect(duration("~40 s")).toEqual([38.5, 41.5]);
    expect(duration("4–6 min")).toEqual([209, 391]);
  });
});

describe("the current regime", () => {
  const leakThenKill = [...Array.from({ length: 20 }, (_, i) => 4 * Gi - i * 50 * Mi), 3.5 * Gi, 3.5 * Gi];

  it("after an OOM kill the rate waits for the new regime and says since when", () => {
    const fcst = forecastNode({
      now: T0,
      result: testNode(3.5 * Gi),
      history: testHistory(leakThenKill),
      conditions: [],
      evictions: [evictionAt(T0 - 15_000, "oom")],
      transitionPeriodSeconds: 300,
    });
    const s = fcst.signals[0]!;
    expect(s.ratePerSecond).toBeNull();
    expect(marginSentence(s, T0, utc)).toBe(
      "Margin 2.5Gi (31.3% of capacity) to the soft threshold; no trend yet (since the OOM kill in default/report-worker at 14:49:45: 2 of the 5 samples a rate needs).",
    );
    expect(liveVerdict(fcst, T0, utc).state).toBe("ok");
  });

  it("a jump the samples show cuts the trend even when no event explains it", () => {
    const jump = [
      ...Array.from({ length: 20 }, (_, i) => 6 * Gi - i * 20 * Mi),
      ...Array.from({ length: 6 }, (_, i) => 2 * Gi - i * Mi),
    ];
    const fcst = forecastNode({
      now: T0,
      result: testNode(jump.at(-1)!),
      history: testHistory(jump),
      conditions: [],
      evictions: [],
      transitionPeriodSeconds: 300,
    });
    const s = fcst.signals[0]!;
    expect(s.trend!.cause?.what).toBe("a drop in the samples");
    expect(s.ratePerSecond! / Mi).toBeCloseTo(-0.1);
  });

  it("one wild sample does not swing the rate, and the time is from the observed value", () => {
    const leak = Array.from({ length: 30 }, (_, i) => 4 * Gi - i * 10 * Mi);
    leak[25] = 7 * Gi;
    const s = forecastNode({
      now: T0,
      result: testNode(leak.at(-1)!),
      history: testHistory(leak),
      conditions: [],
      evictions: [],
      transitionPeriodSeconds: 300,
    }).signals[0]!;
    expect(s.ratePerSecond! / Mi).toBeCloseTo(-1, 1);
    const soft = s.reach.find((r) => r.kind === "soft")!;
    expect(soft.seconds).toBeCloseTo(soft.margin / -s.ratePerSecond!);
  });

  it("nothing beyond 6 h: a slow leak is not within the horizon", () => {
    const slow = Array.from({ length: 30 }, (_, i) => 6 * Gi - i * 1000);
    const s = forecastNode({
      now: T0,
      result: testNode(slow.at(-1)!),
      history: testHistory(slow),
      conditions: [],
      evictions: [],
      transitionPeriodSeconds: 300,
    }).signals[0]!;
    expect(s.reach.map((r) => r.state)).toEqual(["beyond", "beyond"]);
    expect(reachSentence(s, T0, utc)).toBe(
      "At the recent rate: soft, 5Gi away: not within 6 h · hard, 5.7Gi away: not within 6 h",
    );
  });
});
