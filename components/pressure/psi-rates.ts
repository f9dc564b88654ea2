// Pure: stall percentages over a window from the history's cumulative PSI counters (µs). The
// kernel's avg10/avg60 are moving averages over 10 s and 60 s; the counters' growth over the same
// windows gives the stalled share of each window exactly (what Prometheus rate() gives too).

/** Per slot, the stalled share (%) of the `windowSeconds` before it; null where a counter is missing. */
export function stallPercent(
  totals: readonly (number | null)[],
  intervalSeconds: number,
  windowSeconds: number,
): (number | null)[] {
  const w = Math.max(1, Math.round(windowSeconds / intervalSeconds));
  return totals.map((t, i) => {
    const before = i >= w ? totals[i - w] : null;
    if (t == null || before == null) return null;
    // a counter that went down is a restarted kubelet or cgroup: no rate across it
    if (t < before) return null;
    return Math.min(100, ((t - before) / (w * intervalSeconds * 1e6)) * 100);
  });
}
