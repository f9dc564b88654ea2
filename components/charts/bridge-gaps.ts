// Why chart lines showed gaps every minute or so: Headroom samples each node every 10 s (its
// Summary interval) and the history is resampled onto a 10 s grid (lib/k8s/store/history.ts, the last
// sample of a slot wins). Collection times drift by a few hundred milliseconds, so now and then two
// samples land in one slot and the next slot gets none: a one-slot hole that is not missing data.
// A hole of two slots or more (a failed collection, a restart) is real and stays a gap.

/** Indexes of the samples to draw: every observed one, and every gap of two or more slots (as one null). */
export function bridgeJitterGaps<T>(samples: readonly (T | null)[]): { index: number; value: T | null }[] {
  const out: { index: number; value: T | null }[] = [];
  for (let i = 0; i < samples.length; i++) {
    const v = samples[i]!;
    if (v !== null) out.push({ index: i, value: v });
    else {
      const isolated = i > 0 && i < samples.length - 1 && samples[i - 1] !== null && samples[i + 1] !== null;
      if (!isolated) out.push({ index: i, value: null });
    }
  }
  return out;
}
