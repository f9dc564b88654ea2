// Pure: how NodeHistory (history.ts) keeps a cumulative counter, such as a node's PSI stall total
// (µs since boot), in 2 bytes a sample instead of 8. Each sample keeps the counter's growth since
// the previous reading in whole milliseconds (a uint16: up to 65.5 s, more than any interval
// between two Summaries of a collecting node); the newest reading is kept exactly, and a series is
// rebuilt backwards from it. The node page charts only differences over 10 s and 60 s, and a
// millisecond is 0.01 % of 10 s, the precision the kernel prints its own averages with; the newest
// points are exact, so they join Prometheus's copy of the counter (lib/prometheus/history.ts)
// without a step. At 5 000 nodes and an hour of 10 s samples the six PSI counters take 22 MB this
// way, 86 MB as float64 totals.

/** No reading in this sample. */
export const ABSENT = 0xffff;
/** A reading whose growth since the one before is unknown: the first, one after a reset (the counter went down: a reboot) or after a gap of over 65 s. */
const RESTART = 0xfffe;

/** The sample to store for `value`, given the previous reading `last` (NaN for none). */
export function encodeGrowth(value: number, last: number): number {
  if (Number.isNaN(last)) return RESTART;
  const ms = Math.round((value - last) / 1000);
  return ms >= 0 && ms < RESTART ? ms : RESTART;
}

/**
 * The counter's readings rebuilt from the stored samples (oldest first) and the exact newest
 * reading: NaN where a sample has none. The growth before a RESTART is unknown and taken as 0, so
 * a difference across it reads low rather than wrong by the counter's whole size.
 */
export function rebuildReadings(samples: ArrayLike<number>, newest: number): Float64Array {
  const out = new Float64Array(samples.length);
  let c = newest;
  for (let i = samples.length - 1; i >= 0; i--) {
    const s = samples[i]!;
    if (s === ABSENT) {
      out[i] = NaN;
      continue;
    }
    out[i] = c;
    if (s !== RESTART) c -= s * 1000;
  }
  return out;
}
