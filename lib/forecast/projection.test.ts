import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { secondsToUse, theilSen } from "./projection";

const line = (n: number, slope: number, at = 1000) => Array.from({ length: n }, (_, i) => [i * 10, at + slope * i * 10] as const);

describe("theilSen", () => {
  it("fits a steady leak exactly, with a zero-width interval", () => {
    const f = theilSen(line(10, -1))!;
    expect(f.slopePerSecond).toBeCloseTo(-1);
    expect(f.low).toBeCloseTo(-1);
    expect(f.high).toBeCloseTo(-1);
  });
  it("is not swung by one outlier, where least squares would be", () => {
    fc.assert(
      fc.property(fc.integer({ min: 6, max: 30 }), fc.nat(), fc.double({ min: -1e9, max: 1e9, noNaN: true }), (n, k, bad) => {
        const pts = line(n, -2).map((p, i) => (i === k % n ? ([p[0], bad] as const) : p));
        expect(theilSen(pts)!.slopePerSecond).toBeCloseTo(-2, 6);
      }),
    );
  });
  it("keeps the slope inside its interval, and the interval widens with noise", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -100, max: 100, noNaN: true }), { minLength: 5, maxLength: 30 }), (noise) => {
        const f = theilSen(noise.map((e, i) => [i * 10, 1000 - i * 10 + e] as const))!;
        expect(f.low).toBeLessThanOrEqual(f.slopePerSecond);
        expect(f.high).toBeGreaterThanOrEqual(f.slopePerSecond);
      }),
    );
    const noisy = theilSen(line(20, -1).map(([t, v], i) => [t, v + 40 * Math.sin(i * 7.3)] as const))!;
    expect(noisy.high - noisy.low).toBeGreaterThan(0);
  });
  it("needs two points at different times", () => {
    expect(theilSen([[0, 1]])).toBeNull();
    expect(
      theilSen([
        [5, 1],
        [5, 2],
      ]),
    ).toBeNull();
  });
});

describe("secondsToUse", () => {
  it("is margin ÷ rate from the observed margin, 0 when used up while shrinking, null when not shrinking", () => {
    expect(secondsToUse(110, -1)).toBe(110);
    expect(secondsToUse(-5, -1)).toBe(0);
    expect(secondsToUse(100, 0)).toBeNull();
    expect(secondsToUse(0, 1)).toBeNull();
    expect(secondsToUse(100, 2)).toBeNull();
  });
});
