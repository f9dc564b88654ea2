// A batch cycle that crosses the soft threshold and turns back before its grace ends (the demo's
// kubeadm batch job): the kubelet never evicts for it, so neither may the forecast; a fill that
// stays longer than the earlier ones, or fills that outlasted the grace, are forecast as before.
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { contradictions } from "@/lib/words/forecast-consistency";
import { liveVerdict } from "@/lib/words/forecast-verdict";

import { batchCycle } from "./cycle";
import { forecastNode } from "./index";
import { criticalCni, Gi, Mi, T0, testHistory, testNode } from "./test-node";

const utc = (ms: number) => new Date(ms).toISOString().slice(11, 19);

/** `fills` fills of 24 samples from 3Gi down to `bottom` (soft is 1Gi, hard 300Mi), then `current` samples of the next; `hold` extra samples at the bottom of each. */
function cycles(fills: number, current: number, bottom = 700 * Mi, hold = 0): number[] {
  const fill = Array.from({ length: 24 }, (_, k) => 3 * Gi - (k * (3 * Gi - bottom)) / 23);
  const one = [...fill, ...Array<number>(hold).fill(bottom)];
  return [...Array.from({ length: fills }, () => one).flat(), ...one.slice(0, current)];
}

function forecast(values: number[]) {
  const available = values.at(-1)!;
  return forecastNode({
    now: T0,
    result: testNode(available),
    history: testHistory(values),
    conditions: [],
    evictions: [],
    pods: criticalCni,
    transitionPeriodSeconds: 300,
  });
}

describe("batchCycle.longestBelow", () => {
  it("is the longest stay of an earlier fill below a level, one interval more than its samples span", () => {
    const c = batchCycle(testHistory(cycles(3, 5)), "memory.available", [])!;
    // 4 samples of each fill lie below 1Gi: 30–50 s in truth, 50 s counted
    expect(c.longestBelow(Gi)).toBe(50);
    expect(c.longestBelow(500 * Mi)).toBe(0);
  });
});

describe("a batch cycle crossing the soft threshold", () => {
  it("below the soft threshold on the fills' course: no eviction expected, and the headline says why", () => {
    const fc = forecast(cycles(3, 23));
    const f = fc.signals[0]!;
    expect(f.softMet).toBe(true);
    expect(f.rideOut).toEqual({ fills: 3, longestSeconds: 50, graceSeconds: 90 });
    expect(fc.next).toBeNull();
    const v = liveVerdict(fc, T0, utc);
    expect(v.text).toContain(
      "is below its soft threshold (20 s of 1m30s grace), but a batch cycle: the last 3 fills crossed it for at most 50s",
    );
    expect(v.text).toContain("No eviction expected unless it stays below until 14:51:10");
    expect(contradictions(fc, T0, utc)).toEqual([]);
  });

  it("approaching it on the fills' course: the soft threshold's time gives way to the cycle", () => {
    const fc = forecast(cycles(3, 15));
    const soft = fc.signals[0]!.reach.find((r) => r.kind === "soft")!;
    expect(soft.state).toBe("cycle-grace");
    expect(fc.next).toBeNull();
    expect(contradictions(fc, T0, utc)).toEqual([]);
  });

  it("a fill staying below longer than the earlier ones: the grace countdown is back", () => {
    const values = [...cycles(3, 24), 700 * Mi, 700 * Mi, 700 * Mi, 700 * Mi];
    const fc = forecast(values);
    expect(fc.signals[0]!.rideOut).toBeNull();
    expect(fc.next?.because).toBe("grace");
  });

  it("fills that stayed below for the whole grace or longer: no ride-out (silent)", () => {
    const fc = forecast(cycles(3, 23, 700 * Mi, 10));
    expect(fc.signals[0]!.rideOut).toBeNull();
    expect(fc.next?.because).toBe("grace");
  });

  it("before two fills have turned back nothing is known: the grace countdown stands (silent)", () => {
    const fc = forecast(cycles(1, 23));
    expect(fc.signals[0]!.rideOut).toBeNull();
    expect(fc.signals[0]!.eviction).not.toBeNull();
  });

  it("fills that reached the hard threshold: no ride-out (silent)", () => {
    const fc = forecast(cycles(3, 23, 200 * Mi));
    expect(fc.signals[0]!.rideOut).toBeNull();
    expect(fc.next).not.toBeNull();
  });
});

describe("ride-out properties (fast-check)", () => {
  const runs = Number(process.env.FC_RUNS ?? 300);
  // random cycles: 1–4 fills of 12–30 samples from 2–4Gi down to 400Mi–1.2Gi, noise, a flat bottom of 0–12 samples
  const shape = fc.record({
    fills: fc.integer({ min: 1, max: 4 }),
    len: fc.integer({ min: 12, max: 30 }),
    top: fc.integer({ min: 2048, max: 4096 }),
    bottom: fc.integer({ min: 400, max: 1200 }),
    hold: fc.integer({ min: 0, max: 12 }),
    current: fc.integer({ min: 1, max: 30 }),
    noise: fc.array(fc.integer({ min: -20, max: 20 }), { minLength: 200, maxLength: 200 }),
  });
  type Shape = typeof shape extends fc.Arbitrary<infer T> ? T : never;
  const build = (s: Shape) => {
    const fill = [
      ...Array.from({ length: s.len }, (_, k) => s.top - (k * (s.top - s.bottom)) / (s.len - 1)),
      ...Array<number>(s.hold).fill(s.bottom),
    ];
    const mi = [...Array.from({ length: s.fills }, () => fill).flat(), ...fill.slice(0, s.current)];
    return mi.map((x, i) => (x + s.noise[i % 200]!) * Mi);
  };

  it("never stays silent through a whole grace, and every sentence agrees with its numbers", () => {
    let rideOuts = 0;
    fc.assert(
      fc.property(shape, (s) => {
        const values = build(s);
        const f0 = forecast(values);
        expect(contradictions(f0, T0, utc)).toEqual([]);
        const r = f0.signals[0]!.rideOut;
        if (!r) return;
        rideOuts++;
        expect(r.longestSeconds).toBeLessThan(r.graceSeconds);
        expect(r.fills).toBeGreaterThanOrEqual(2);
        // the fill stays below the soft threshold for the whole grace: the ride-out must give way
        const stay = [...values, ...Array<number>(r.graceSeconds / 10 + 1).fill(Math.min(900 * Mi, values.at(-1)!))];
        const f1 = forecast(stay);
        expect(f1.signals[0]!.rideOut).toBeNull();
        expect(f1.next).not.toBeNull();
      }),
      { numRuns: runs },
    );
    // the shapes reach the case under test, not only the silent ones
    expect(rideOuts).toBeGreaterThan(runs / 20);
  });
});
