// Reading a signal's history (lib/contract/dto HistorySeries: evenly spaced samples, null = not observed)
// for the forecast: when did the current run of "threshold met" samples start, and when was a
// threshold last seen met. Pure; times are ms since the epoch on the cluster's clock.
import type { HistorySeries } from "@/lib/contract/dto";

/** How a "met since" time was established. */
type MetSinceBasis =
  /** Headroom saw the sample before the run not met: exact to one collection interval. */
  | "history"
  /** The run reaches back past Headroom's history; the node condition's lastTransitionTime is the earliest it can have started. */
  | "condition"
  /** The run reaches back past Headroom's history and no condition tells more: "met since at least". */
  | "history-start";

export interface MetSince {
  at: number;
  basis: MetSinceBasis;
}

/** Sample time of index i. */
const timeOf = (h: HistorySeries, i: number) => h.start + i * h.intervalSeconds * 1000;

/**
 * Finds the first sample of the current run of samples below `threshold` (the kubelet's "met" is
 * strictly threshold > available). The run is open-ended when it reaches the start of the history
 * or a gap (a sample Headroom did not observe); then `openStart` (the condition's transition time,
 * never later than the run's true start) is used when given. Returns null when the newest observed
 * sample is not met.
 */
export function metRunStart(
  h: HistorySeries | null,
  signal: string,
  threshold: number,
  openStart: number | null,
): MetSince | null {
  const samples = h?.signals[signal]?.available;
  if (!h || !samples) return null;
  let last = samples.length - 1;
  while (last >= 0 && samples[last] == null) last--;
  if (last < 0 || !(threshold > samples[last]!)) return null;
  let i = last;
  while (i > 0 && samples[i - 1] != null && threshold > samples[i - 1]!) i--;
  const runStart = timeOf(h, i);
  if (i > 0 && samples[i - 1] != null) return { at: runStart, basis: "history" };
  if (openStart != null && openStart <= runStart) return { at: openStart, basis: "condition" };
  return { at: runStart, basis: "history-start" };
}

/** The time of the newest sample in which `met(available)` held for some signal in `signals`; null when none did. */
export function lastMetSample(
  h: HistorySeries | null,
  checks: readonly { signal: string; met: (available: number) => boolean }[],
): number | null {
  if (!h) return null;
  let best: number | null = null;
  for (const { signal, met } of checks) {
    const samples = h.signals[signal]?.available ?? [];
    for (let i = samples.length - 1; i >= 0; i--) {
      const v = samples[i];
      if (v != null && met(v)) {
        const t = timeOf(h, i);
        if (best == null || t > best) best = t;
        break;
      }
    }
  }
  return best;
}
