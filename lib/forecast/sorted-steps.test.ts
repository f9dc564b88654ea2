import { describe, expect, it } from "vitest";

import { SortedSteps } from "./sorted-steps";
import { rng } from "./test-rng";

// What trend.ts computed before SortedSteps: a sorted copy for each median.
const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

describe("SortedSteps", () => {
  it("gives the sorted copy's median and median absolute deviation after every step", () => {
    for (let seed = 1; seed <= 400; seed++) {
      const r = rng(seed);
      const steps = new SortedSteps();
      const plain: number[] = [];
      const n = 1 + Math.floor(r() * 40);
      for (let i = 0; i < n; i++) {
        // ties, zeros, negatives and large byte counts, as a signal's steps are
        const kind = r();
        const x = kind < 0.2 ? 0 : kind < 0.4 ? Math.round(r() * 4) - 2 : kind < 0.5 ? (plain[0] ?? 1) : (r() - 0.5) * 1e10 * r();
        steps.add(x);
        plain.push(x);
        const med = median(plain);
        expect(steps.length).toBe(plain.length);
        expect(steps.median()).toBe(med);
        expect(steps.medianDeviation(med)).toBe(median(plain.map((d) => Math.abs(d - med))));
        // and about any other centre
        const c = (r() - 0.5) * 1e9;
        expect(steps.medianDeviation(c)).toBe(median(plain.map((d) => Math.abs(d - c))));
      }
    }
  });

  it("is NaN when empty, as the median of no steps was", () => {
    const s = new SortedSteps();
    expect(s.median()).toBeNaN();
    expect(s.medianDeviation(0)).toBeNaN();
    expect(median([])).toBeNaN();
  });

  it("starts again from nothing after clear(), past the buffer's first size", () => {
    const s = new SortedSteps();
    for (let i = 0; i < 50; i++) s.add(50 - i);
    s.clear();
    expect(s.length).toBe(0);
    expect(s.median()).toBeNaN();
    for (const x of [3, -1, 2]) s.add(x);
    expect(s.length).toBe(3);
    expect(s.median()).toBe(2);
    expect(s.medianDeviation(2)).toBe(1);
  });
});
