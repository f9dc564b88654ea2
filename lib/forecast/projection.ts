// Robust rate of a signal: the Theil–Sen estimator (the median of every pairwise slope), which
// one outlier, a burst or a single bad sample cannot swing, and Sen's confidence interval for it
// (the spread the forecast turns into "in 4–6 min"). Time-to-threshold is projected from the
// observed latest value, never from the fitted line's value: a line through a jump sits far from
// the newest sample and would call a threshold crossed that is not.

import { valuesAtRanks } from "./order-stats";

export interface Fit {
  /** Median pairwise slope, per second (negative = shrinking). */
  slopePerSecond: number;
  /** Sen's 90 % confidence interval of the slope: low ≤ slopePerSecond ≤ high. */
  low: number;
  high: number;
  /** Points fitted. */
  n: number;
}

/** z of a two-sided 90 % interval: the range printed is where the rate lies nine times in ten. */
const Z90 = 1.645;

/**
 * The fit of a flat run (one finite value, times finite and strictly increasing), undefined for
 * any other points. Every slope is then (v − v) / (tj − ti) = +0 (x − x is +0 for every finite x,
 * and tj − ti > 0), so every rank the fit reads is +0: the same fit, without the n(n−1)/2 slopes
 * and their selection. Quiet signals (inodes, image bytes, PIDs on an idle node) are flat for
 * minutes, and each is fitted on every Summary (trend.ts).
 */
function flatFit(xs: ArrayLike<number>, ys: ArrayLike<number>, n: number): Fit | undefined {
  const t0 = xs[0]!;
  const v0 = ys[0]!;
  if (!Number.isFinite(v0) || !Number.isFinite(t0)) return undefined;
  let prev = t0;
  for (let i = 1; i < n; i++) {
    const t = xs[i]!;
    if (!Object.is(ys[i], v0) || !(t > prev) || !Number.isFinite(t)) return undefined;
    prev = t;
  }
  return { slopePerSecond: 0, low: 0, high: 0, n };
}

// The pairwise slopes' scratch, grown to the largest fit asked for (435 slopes for the trend's 30
// samples): the fits run for every signal of every node on every Summary.
let slopeScratch = new Float64Array(0);

/** Fits points [t seconds, value]; null with fewer than 2 points or all at one time. */
export function theilSen(points: readonly (readonly [number, number])[]): Fit | null {
  return theilSenOf(
    points.map((p) => p[0]),
    points.map((p) => p[1]),
    points.length,
  );
}

/** `theilSen` of the points (xs[i] seconds, ys[i]) for i < n, without building them. */
export function theilSenOf(xs: ArrayLike<number>, ys: ArrayLike<number>, n: number): Fit | null {
  if (n < 2) return null;
  const flat = flatFit(xs, ys, n);
  if (flat) return flat;
  const pairs = (n * (n - 1)) / 2;
  if (slopeScratch.length < pairs) slopeScratch = new Float64Array(pairs);
  const slopes = slopeScratch;
  let k = 0;
  for (let i = 0; i < n; i++) {
    const ti = xs[i]!;
    const vi = ys[i]!;
    for (let j = i + 1; j < n; j++) {
      const tj = xs[j]!;
      if (tj !== ti) slopes[k++] = (ys[j]! - vi) / (tj - ti);
    }
  }
  if (k === 0) return null;
  // Sen (1968): ranks (N ∓ C)/2 of the sorted slopes, C = z·√(n(n−1)(2n+5)/18)
  const c = Z90 * Math.sqrt((n * (n - 1) * (2 * n + 5)) / 18);
  const lo = Math.max(0, Math.min(Math.floor((k - c) / 2), Math.floor((k - 1) / 2)));
  const hi = Math.min(k - 1, Math.max(Math.ceil((k + c) / 2), Math.ceil((k - 1) / 2)));
  const m1 = k % 2 ? (k - 1) / 2 : k / 2 - 1;
  const m2 = k % 2 ? m1 : k / 2;
  // Only these four ranks are read: selected in place (order-stats.ts) rather than sorting all k.
  const slice = slopes.subarray(0, k);
  const at = valuesAtRanks(slice, [lo, m1, m2, hi]);
  const s = at ? (r: number) => at.get(r)! : (slice.sort(), (r: number) => slice[r]!);
  const median = k % 2 ? s(m1) : (s(m1) + s(m2)) / 2;
  return { slopePerSecond: median, low: Math.min(s(lo), median), high: Math.max(s(hi), median), n };
}

/** Seconds until `margin` (observed available − threshold) is used up at `rate` per second; null when not shrinking. */
export function secondsToUse(margin: number, rate: number): number | null {
  if (!(rate < 0)) return null;
  if (margin <= 0) return 0;
  return margin / -rate;
}
