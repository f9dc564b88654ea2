// The trend of one signal from its current regime only. A line fitted across an eviction, an OOM
// kill or a batch job ending projects nonsense, so the recent window is cut at every
// discontinuity Headroom knows of (breaks.ts) and at any step in the samples far beyond their
// noise, and only the newest segment is fitted, with Theil–Sen (lib/forecast/projection.ts).
import type { HistorySeries } from "@/lib/contract/dto";
import { theilSenOf, type Fit } from "@/lib/forecast/projection";

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

// Scratch arrays, reused by every call: currentTrend runs for every signal of every node on every
// Summary (about 5 000 times a second at 5 000 nodes), and the arrays it built were a quarter of
// the main thread's allocation at 5 000 nodes (docs/benchmark-rounds.md, round eighteen). It is
// synchronous and returns none of them.
const T = new Float64Array(TREND_WINDOW_SAMPLES); // the window's sample times (cluster ms)
const V = new Float64Array(TREND_WINDOW_SAMPLES); // and values
const KEPT = new Int32Array(TREND_WINDOW_SAMPLES); // the samples on the line, newest first
const SEGMENT = new Int32Array(TREND_WINDOW_SAMPLES); // the newest segment's samples, oldest first
const XS = new Float64Array(TREND_WINDOW_SAMPLES); // a fit's points: seconds
const YS = new Float64Array(TREND_WINDOW_SAMPLES); // and values
const STEPS = new SortedSteps();

/** The step between samples `a` and `b` of the window, per `dt` (a gap's step is spread over it). */
const stepOf = (a: number, b: number, dt: number) => (V[b]! - V[a]!) / ((T[b]! - T[a]!) / dt);

/** Whether a known event lies in [from, to). */
function breakBetween(breaks: readonly Discontinuity[], from: number, to: number): boolean {
  for (const b of breaks) if (b.at >= from && b.at < to) return true;
  return false;
}

/**
 * Where the current rate began within the segment SEGMENT[0..length): the newest
 * MIN_TREND_SAMPLES samples set the line, and the segment reaches back while older samples stay on
 * it within `slack` plus what the line's own uncertainty allows (a leak starting after a flat
 * stretch is a bend, not a jump). Returns the index into SEGMENT of its first sample on the line
 * (0: all of it).
 */
function bendIn(length: number, slack: number): number {
  if (length <= MIN_TREND_SAMPLES) return 0;
  const from = length - MIN_TREND_SAMPLES;
  const last = SEGMENT[length - 1]!;
  for (let j = 0; j < MIN_TREND_SAMPLES; j++) {
    const k = SEGMENT[from + j]!;
    XS[j] = T[k]! / 1000;
    YS[j] = V[k]!;
  }
  const fit = theilSenOf(XS, YS, MIN_TREND_SAMPLES);
  if (!fit) return 0;
  let i = from;
  while (i > 0) {
    const k = SEGMENT[i - 1]!;
    const dtSeconds = (T[last]! - T[k]!) / 1000;
    const expected = V[last]! - fit.slopePerSecond * dtSeconds;
    if (Math.abs(V[k]! - expected) > slack + (fit.high - fit.low) * dtSeconds) break;
    i--;
  }
  return i;
}

/** Cuts the signal's recent window at discontinuities and fits the newest segment. Null without samples of the signal. */
export function currentTrend(h: HistorySeries | null, signal: string, breaks: readonly Discontinuity[]): Trend | null {
  const col = h?.signals[signal];
  if (!h || !col) return null;
  const dt = h.intervalSeconds * 1000;
  let count = 0;
  for (let i = Math.max(0, col.available.length - TREND_WINDOW_SAMPLES); i < col.available.length; i++) {
    const x = col.available[i];
    if (x != null && Number.isFinite(x)) {
      T[count] = h.start + i * dt;
      V[count++] = x;
    }
  }
  if (count === 0) return null;
  let start = 0;
  let cause: Discontinuity | null = null;
  // known events: the samples taken after the newest one in the window start the regime
  const newest = breaks.reduce<Discontinuity | null>((a, b) => (b.at >= T[0]! && (a == null || b.at > a.at) ? b : a), null);
  if (newest) {
    start = count;
    for (let i = 0; i < count; i++)
      if (T[i]! > newest.at) {
        start = i;
        break;
      }
    cause = newest;
  }
  // jumps in the samples themselves, walking back from the newest step; a lone sample off the
  // line (the samples either side agree) is dropped as an outlier rather than cut at
  let scale = col.capacity ?? -Infinity;
  if (col.capacity == null) for (let k = 0; k < count; k++) scale = Math.max(scale, Math.abs(V[k]!));
  const steps = STEPS;
  steps.clear();
  KEPT[0] = count - 1;
  let kept = 1;
  let i = count - 1;
  while (i > start) {
    const step = stepOf(i - 1, i, dt);
    if (!isJump(step, steps, scale)) {
      steps.add(step);
      KEPT[kept++] = --i;
    } else if (i - 2 >= start && !isJump(stepOf(i - 2, i, dt), steps, scale)) {
      steps.add(stepOf(i - 2, i, dt));
      i -= 2;
      KEPT[kept++] = i;
    } else {
      cause = { at: T[i]!, what: `a ${step > 0 ? "rise" : "drop"} in the samples` };
      start = i;
      break;
    }
  }
  // the kept samples from the regime's start, oldest first
  let length = 0;
  if (count > start) for (let j = kept - 1; j >= 0; j--) if (KEPT[j]! >= start) SEGMENT[length++] = KEPT[j]!;
  const med = steps.length ? steps.median() : 0;
  // falls across a known event are that event's; every other fall the signal can repeat
  let swing = 0;
  for (let k = 1; k < count; k++)
    if (T[k]! - T[k - 1]! === dt && !breakBetween(breaks, T[k - 1]!, T[k]!)) swing = Math.max(swing, V[k - 1]! - V[k]!);
  const sigma = steps.length ? 1.4826 * steps.medianDeviation(med) : 0;
  const bend = bendIn(length, Math.max(4 * sigma, 0.01 * scale));
  if (bend > 0) cause = { at: T[SEGMENT[bend]!]!, what: "a change of rate" };
  const n = length - bend;
  let first = -1;
  for (let k = 0; k < col.available.length; k++) {
    const x = col.available[k];
    if (x != null && Number.isFinite(x)) {
      first = k;
      break;
    }
  }
  const last = T[count - 1]!;
  const broke = breaks.reduce((a, b) => (b.at <= last && b.at > a ? b.at : a), -Infinity);
  const observedFrom = Math.max(h.start + first * dt, broke);
  const since = n > 0 ? T[SEGMENT[bend]!]! : null;
  for (let j = 0; j < n; j++) {
    const k = SEGMENT[bend + j]!;
    XS[j] = (T[k]! - since!) / 1000;
    YS[j] = V[k]!;
  }
  return {
    fit: n >= MIN_TREND_SAMPLES ? theilSenOf(XS, YS, n) : null,
    samples: n,
    since,
    spanSeconds: n > 0 ? (last - since!) / 1000 : 0,
    observedSeconds: Math.max(0, (last - observedFrom) / 1000),
    cause,
    swing,
  };
}
