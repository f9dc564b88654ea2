// Time-to-threshold: a least-squares line through the recent samples of a signal's `available`.

export interface Projection {
  /** Change of `available` per second (negative = shrinking). */
  slopePerSecond: number;
  /** Seconds until `available` reaches the threshold at this trend; null when it is not shrinking. */
  secondsToThreshold: number | null;
}

/** Fits available(t) over evenly spaced samples (nulls skipped) and projects when it crosses `threshold`. */
export function projectTimeToThreshold(
  samples: readonly (number | null)[],
  intervalSeconds: number,
  threshold: number,
  window = 30,
): Projection | null {
  const pts: [number, number][] = [];
  const from = Math.max(0, samples.length - window);
  for (let i = from; i < samples.length; i++) {
    const v = samples[i];
    if (v != null && Number.isFinite(v)) pts.push([i * intervalSeconds, v]);
  }
  if (pts.length < 3) return null;
  const n = pts.length;
  const mx = pts.reduce((a, [x]) => a + x, 0) / n;
  const my = pts.reduce((a, [, y]) => a + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of pts) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
  }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  const last = pts[n - 1] as [number, number];
  const current = my + slope * (last[0] - mx);
  if (current <= threshold) return { slopePerSecond: slope, secondsToThreshold: 0 };
  if (slope >= 0) return { slopePerSecond: slope, secondsToThreshold: null };
  return { slopePerSecond: slope, secondsToThreshold: (current - threshold) / -slope };
}
