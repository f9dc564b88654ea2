import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { valuesAtRanks } from "./order-stats";
import { theilSen, type Fit } from "./projection";
import { rng } from "./test-rng";

// theilSen as it was before order-stats.ts: every slope sorted.
function sortedTheilSen(points: readonly (readonly [number, number])[]): Fit | null {
  const n = points.length;
  if (n < 2) return null;
  const slopes = new Float64Array((n * (n - 1)) / 2);
  let k = 0;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++)
      if (points[j]![0] !== points[i]![0]) slopes[k++] = (points[j]![1] - points[i]![1]) / (points[j]![0] - points[i]![0]);
  if (k === 0) return null;
  const s = slopes.subarray(0, k).sort();
  const median = k % 2 ? s[(k - 1) / 2]! : (s[k / 2 - 1]! + s[k / 2]!) / 2;
  const c = 1.645 * Math.sqrt((n * (n - 1) * (2 * n + 5)) / 18);
  const lo = Math.max(0, Math.min(Math.floor((k - c) / 2), Math.floor((k - 1) / 2)));
  const hi = Math.min(k - 1, Math.max(Math.ceil((k + c) / 2), Math.ceil((k - 1) / 2)));
  return { slopePerSecond: median, low: Math.min(s[lo]!, median), high: Math.max(s[hi]!, median), n };
}

const same = (a: number, b: number) => Object.is(a, b);

describe("valuesAtRanks", () => {
  it("gives the sorted array's values at the ranks asked, zeros' signs included", () => {
    for (let seed = 1; seed <= 500; seed++) {
      const r = rng(seed);
      const n = 1 + Math.floor(r() * 60);
      // few distinct values (ties), both zeros, negatives
      const pick = [0, -0, 1, -1, 2.5, -3, 1e9, -1e9];
      const xs = Array.from({ length: n }, () => (r() < 0.7 ? pick[Math.floor(r() * pick.length)]! : (r() - 0.5) * 1e6));
      const sorted = Float64Array.from(xs).sort();
      const ranks = Array.from({ length: 1 + Math.floor(r() * 4) }, () => Math.floor(r() * n));
      const got = valuesAtRanks(Float64Array.from(xs), ranks)!;
      for (const k of ranks) expect(same(got.get(k)!, sorted[k]!), `seed ${seed} rank ${k}`).toBe(true);
    }
  });

  it("declines an array holding NaN", () => {
    expect(valuesAtRanks(Float64Array.from([1, Number.NaN, 0]), [1])).toBeNull();
  });
});

describe("theilSen on order statistics", () => {
  it("fits exactly as sorting every slope did", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const r = rng(seed);
      const n = 2 + Math.floor(r() * 30);
      const flat = r() < 0.3;
      // 10 s samples as the history keeps them, some repeated times, flat runs and steps
      const points = Array.from(
        { length: n },
        (_, i) => [r() < 0.1 ? i * 10 - 10 : i * 10, flat ? 5e8 : 5e8 - i * 1e5 * r() + (r() < 0.1 ? 1e8 : 0)] as const,
      );
      const want = sortedTheilSen(points);
      const got = theilSen(points);
      if (want === null) expect(got).toBeNull();
      else {
        expect(got).not.toBeNull();
        for (const f of ["slopePerSecond", "low", "high", "n"] as const)
          expect(same(got![f], want[f]), `seed ${seed} ${f}: ${got![f]} vs ${want[f]}`).toBe(true);
      }
    }
  });
});

describe("theilSen on flat runs", () => {
  // One value repeated (zeros of either sign, extremes, non-finite), times increasing, repeated,
  // falling or not finite: the shortcut must give the sorting fit exactly, or not apply.
  const value = fc.oneof(
    fc.constantFrom(0, -0, 1, -1, 5e8, Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE, Infinity, -Infinity, NaN),
    fc.double(),
  );
  const time = fc.oneof(
    fc.constantFrom(0, -0, 10, Infinity, NaN, 1e308, -1e308),
    fc.double(),
    fc.integer({ min: -50, max: 400 }),
  );
  it("fits exactly as sorting every slope did", () => {
    fc.assert(
      fc.property(
        value,
        fc.oneof(
          fc.integer({ min: 2, max: 30 }).map((n) => Array.from({ length: n }, (_, i) => i * 10)),
          fc.array(time, { minLength: 1, maxLength: 30 }),
        ),
        fc.option(fc.tuple(fc.nat(), value), { nil: undefined }),
        (v, times, odd) => {
          const points = times.map((t) => [t, v] as [number, number]);
          if (odd) points[odd[0] % points.length]![1] = odd[1];
          const want = sortedTheilSen(points);
          const got = theilSen(points);
          if (want === null) expect(got).toBeNull();
          else
            for (const f of ["slopePerSecond", "low", "high", "n"] as const)
              expect(same(got![f], want[f]), `${f}: ${got![f]} vs ${want[f]}`).toBe(true);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
