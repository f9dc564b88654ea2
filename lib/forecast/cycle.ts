// Batch cycles: a signal that fills (a job's memory, a build's scratch space), then comes back
// in one step when the job ends, again and again. Each fill looks like a leak to a rate; what
// tells them apart is the history: earlier fills turned back on their own (no eviction or OOM
// kill at the turn) before any threshold. While the current fill follows the earlier ones'
// course, the forecast says so instead of projecting an eviction the cycle has never reached.
import type { HistorySeries } from "@/lib/contract/dto";

import type { Discontinuity } from "./breaks";

/** Completed fills needed before a pattern counts as a cycle. */
export const MIN_FILLS = 2;
/** Fills compared: the newest few. */
const FILLS_COMPARED = 3;

export interface BatchCycle {
  /** Completed fills compared (the newest, at most 3). */
  fills: number;
  /** The lowest `available` any of them reached before turning back. */
  lowest: number;
  /** Where this fill is expected to turn: the lowest, or lower when each fill went deeper than the one before (a leak under the cycle). */
  expectedTurn: number;
  /** Whether the current fill stays on their course: no deeper than they were at the same point, and not past their longest fill. */
  sameCourse: boolean;
}

interface Fill {
  start: number;
  end: number;
  /** Whether the fill began at an observed turn (its length and course are known). */
  known: boolean;
  trough: number;
}

/**
 * Finds the cycle in a signal's history: turns are rises of more than 5 % of capacity between
 * two consecutive samples that no eviction or OOM kill explains (those restart the count: a
 * fill the kubelet or the kernel ended is no benign turn). Null without MIN_FILLS completed
 * fills, or while the current fill has no sample yet.
 */
export function batchCycle(h: HistorySeries | null, signal: string, breaks: readonly Discontinuity[]): BatchCycle | null {
  const col = h?.signals[signal];
  if (!h || !col) return null;
  const v = col.available;
  const dt = h.intervalSeconds * 1000;
  const scale = col.capacity ?? Math.max(0, ...v.map((x) => Math.abs(x ?? 0)));
  if (!(scale > 0)) return null;
  const at = (i: number) => h.start + i * dt;
  // an eviction or OOM kill anywhere in the fill ends it by force (memory may come back a sample or two later)
  const forced = (from: number, i: number) => breaks.some((b) => b.forced && b.at > at(from - 1) && b.at <= at(i));
  let fills: Fill[] = [];
  let start = 0;
  let known = false;
  let trough = Infinity;
  for (let i = 0; i < v.length; i++) {
    const x = v[i];
    if (x == null) continue;
    const prev = i > 0 ? v[i - 1] : null;
    if (prev != null && x - prev > 0.05 * scale) {
      const byForce = forced(start, i);
      if (byForce) fills = [];
      else if (trough < Infinity) fills.push({ start, end: i - 1, known, trough });
      start = i;
      known = !byForce;
      trough = Infinity;
    }
    trough = Math.min(trough, x);
  }
  if (fills.length < MIN_FILLS || trough === Infinity) return null;
  const earlier = fills.slice(-FILLS_COMPARED);
  const lowest = Math.min(...earlier.map((f) => f.trough));
  let last = v.length - 1;
  while (last > start && v[last] == null) last--;
  const observed = v[last]!;
  const elapsed = last - start;
  // the same point of each earlier fill whose course is known
  const courses = earlier.filter((f) => f.known);
  const longest = Math.max(0, ...courses.map((f) => f.end - f.start));
  const atSamePoint = courses
    .filter((f) => f.start + elapsed <= f.end)
    .map((f) => v[f.start + elapsed])
    .filter((x): x is number => x != null);
  const tolerance = 0.03 * scale;
  const sameCourse =
    observed >= lowest && courses.length > 0 && elapsed <= longest + 3 && atSamePoint.every((x) => observed >= x - tolerance);
  // troughs sinking fill after fill: something under the cycle leaks; allow for two more fills of it (noise in the troughs)
  const troughs = earlier.map((f) => f.trough);
  const perFill = troughs.length > 1 ? (troughs.at(-1)! - troughs[0]!) / (troughs.length - 1) : 0;
  const expectedTurn = perFill < 0 ? Math.min(lowest, troughs.at(-1)! + 2 * perFill) : lowest;
  return { fills: earlier.length, lowest, expectedTurn, sameCourse };
}
