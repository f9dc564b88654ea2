// The trend of one signal from its current regime only. A line fitted across an eviction, an OOM
// kill or a batch job ending projects nonsense, so the recent window is cut at every
// discontinuity Headroom knows of (breaks.ts) and at any step in the samples far beyond their
// noise, and only the newest segment is fitted, with Theil–Sen (lib/forecast/projection.ts).
import type { HistorySeries } from "@/lib/contract/dto";
import { theilSen, type Fit } from "@/lib/forecast/projection";

import type { Discontinuity } from "./breaks";
import { SortedSteps } from "./sorted-steps";

/** Samples of the trend window: 30 × the 10 s collection interval = the last 5 minutes at most. */
export const TREND_WINDOW_SAMPLES = 30;
/** A segment needs this many samples (40 s at 10 s) before its rate is printed. */
export const MIN_TREND_SAMPLES = 5;

export interface Trend {
  /** The newest segment's fit; null while it has fewer than MIN_TREND_SAMPLES samples. */
  fit: Fit | null;
  /** Samples in the newest segment and the time its first one was taken (null: none yet). */
  samples: number;
  since: number | null;
  /** Seconds between the segment's first and last sample. */
  spanSeconds: number;
  /**
   * Seconds the signal has been watched in its current regime: since the newest known break, or
   * since its first sample in the history, whichever is later (jumps and bends in the samples
   * aside). How far ahead a rate may be projected while that is shorter than the trend window.
   */
  observedSeconds: number;
  /** What began the segment; null when it runs back to the start of the window or the history. */
  cause: Discontinuity | null;
  /** The largest fall between two consecutive samples of the window, events aside: what the signal can do unannounced. */
  swing: number;
}

/**
 * How far a step may move from the segment's typical step before it counts as a jump: six robust
 * standard deviations of the steps, four times the trend itself (a leak beginning is a bend, not
 * a jump) and 1 % of capacity. Until three steps are known, only a move of 5 % of capacity counts.
 */
function isJump(step: number, accepted: SortedSteps, scale: number): boolean {
  if (accepted.length < 3) return Math.abs(step) > 0.05 * scale;
  const med = accepted.median();
  const sigma = 1.4826 * accepted.medianDeviation(med);
  return Math.abs(step - med) > Math.max(6 * sigma, 4 * Math.abs(med), 0.01 * scale);
}

/**
 * Where the current rate began within a segment: the newest MIN_TREND_SAMPLES samples set the
 * line, and the segment reaches back while older samples stay on it within `slack` plus what
 * the line's own uncertainty allows (a leak starting after a flat stretch is a bend, not a jump).
 * Returns the index into `segment` of its first sample on the line (0: all of it).
 */
function bendIn(segment: readonly number[], t: readonly number[], v: readonly number[], slack: number): number {
  if (segment.length <= MIN_TREND_SAMPLES) return 0;
  const recent = segment.slice(-MIN_TREND_SAMPLES);
  const last = recent.at(-1)!;
  const fit = theilSen(recent.map((k) => [t[k]! / 1000, v[k]!] as const));
  if (!fit) return 0;
  let i = segment.length - MIN_TREND_SAMPLES;
  while (i > 0) {
    const k = segment[i - 1]!;
    const dtSeconds = (t[last]! - t[k]!) / 1000;
    const expected = v[last]! - fit.slopePerSecond * dtSeconds;
    if (Math.abs(v[k]! - expected) > slack + (fit.high - fit.low) * dtSeconds) break;
    i--;
  }
  return i;
}

/** Cuts the signal's recent window at discontinuities and fits the newest segment. Null without samples of the signal. */
export function currentTrend(h: HistorySeries | null, signal: string, breaks: readonly Discontinuity[]): Trend | null {
  const col = h?.signals[signal];
  if (!h || !col) return null;
  const dt = h.intervalSeconds * 1000;
  const t: number[] = [];
  const v: number[] = [];
  for (let i = Math.max(0, col.available.length - TREND_WINDOW_SAMPLES); i < col.available.length; i++) {
    const x = col.available[i];
    if (x != null && Number.isFinite(x)) {
      t.push(h.start + i * dt);
      v.push(x);
    }
  }
  if (t.length === 0) return null;
  let start = 0;
  let cause: Discontinuity | null = null;
  // known events: the samples taken after the newest one in the window start the regime
  const newest = breaks.reduce<Discontinuity | null>((a, b) => (b.at >= t[0]! && (a == null || b.at > a.at) ? b : a), null);
  if (newest) {
    const i = t.findIndex((x) => x > newest.at);
    start = i < 0 ? t.length : i;
    cause = newest;
  }
  // jumps in the samples themselves, walking back from the newest step; a lone sample off the
  // line (the samples either side agree) is dropped as an outlier rather than cut at
  const scale = col.capacity ?? Math.max(...v.map(Math.abs));
  const stepOf = (a: number, b: number) => (v[b]! - v[a]!) / ((t[b]! - t[a]!) / dt);
  const steps = new SortedSteps();
  const kept: number[] = [t.length - 1];
  let i = t.length - 1;
  while (i > start) {
    const step = stepOf(i - 1, i);
    if (!isJump(step, steps, scale)) {
      steps.add(step);
      kept.push(--i);
    } else if (i - 2 >= start && !isJump(stepOf(i - 2, i), steps, scale)) {
      steps.add(stepOf(i - 2, i));
      i -= 2;
      kept.push(i);
    } else {
      cause = { at: t[i]!, what: `a ${step > 0 ? "rise" : "drop"} in the samples` };
      start = i;
      break;
    }
  }
  let segment = t.length > start ? kept.filter((k) => k >= start).reverse() : [];
  const med = steps.length ? steps.median() : 0;
  // falls across a known event are that event's; every other fall the signal can repeat
  let swing = 0;
  for (let k = 1; k < t.length; k++)
    if (t[k]! - t[k - 1]! === dt && !breaks.some((b) => b.at >= t[k - 1]! && b.at < t[k]!))
      swing = Math.max(swing, v[k - 1]! - v[k]!);
  const sigma = steps.length ? 1.4826 * steps.medianDeviation(med) : 0;
  const bend = bendIn(segment, t, v, Math.max(4 * sigma, 0.01 * scale));
  if (bend > 0) {
    segment = segment.slice(bend);
    cause = { at: t[segment[0]!]!, what: "a change of rate" };
  }
  const n = segment.length;
  const first = col.available.findIndex((x) => x != null && Number.isFinite(x));
  const last = t[t.length - 1]!;
  const broke = breaks.reduce((a, b) => (b.at <= last && b.at > a ? b.at : a), -Infinity);
  const observedFrom = Math.max(h.start + first * dt, broke);
  const points = segment.map((k) => [(t[k]! - t[segment[0]!]!) / 1000, v[k]!] as const);
  return {
    fit: n >= MIN_TREND_SAMPLES ? theilSen(points) : null,
    samples: n,
    since: n > 0 ? t[segment[0]!]! : null,
    spanSeconds: n > 0 ? (last - t[segment[0]!]!) / 1000 : 0,
    observedSeconds: Math.max(0, (last - observedFrom) / 1000),
    cause,
    swing,
  };
}
