// Scores a recording (run.ts) against what the simulated kubelets did.
// Recall: an eviction counts as foreseen when the forecast standing 60 s before it (the last one
// made at least 60 s ahead) put it within the tolerance, max(30 s, 30 % of the lead). Its lead
// time is how far back an unbroken run of such forecasts reaches. Precision: of the forecasts due
// within 5 min, the share an eviction on that node came true within the same tolerance. A time
// printed as a lower bound ("at the earliest": unused images go first) is no claim of when: it is
// left out of precision and counted apart, as held when no eviction on the node came sooner.
import type { Eviction, Forecast, Recording } from "./run";

const AHEAD_MS = 60_000;
const DUE_WITHIN_MS = 300_000;

/** How far a forecast made `leadMs` ahead may miss: max(30 s, 30 % of the lead). */
const tolerance = (leadMs: number) => Math.max(30_000, 0.3 * leadMs);

export interface Score {
  scenario: string;
  hours: number;
  evictions: number;
  foreseen: number;
  /** foreseen ÷ evictions; null without evictions. */
  recall: number | null;
  /** Forecasts due within 5 min, and how many came true. */
  due: number;
  cameTrue: number;
  precision: number | null;
  /** Lower bounds due within 5 min ("at the earliest": left out of precision), and how many held (no eviction on the node came sooner). */
  lowerBounds: number;
  lowerBoundsHeld: number;
  /** Median lead (s) of the foreseen evictions; null when none was. */
  medianLeadSeconds: number | null;
  contradictions: number;
  /** Evictions not foreseen whose node's headline had said, within 5 min before, that one can come without warning. */
  warned: number;
  /** A sample of contradictions, for the report. */
  examples: string[];
}

const hits = (f: Forecast, e: Eviction) => f.at != null && Math.abs(f.at - e.at) <= tolerance(e.at - f.t);

function median(xs: number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Scores one recording. */
export function score(r: Recording): Score {
  const byNode = new Map<string, Forecast[]>();
  for (const f of r.forecasts) byNode.set(f.node, [...(byNode.get(f.node) ?? []), f]);
  let foreseen = 0;
  let warned = 0;
  const leads: number[] = [];
  for (const e of r.evictions) {
    const fs = byNode.get(e.node) ?? [];
    const before = fs.filter((f) => f.t <= e.at - AHEAD_MS);
    const standing = before.at(-1);
    if (standing && hits(standing, e)) {
      foreseen++;
      let k = before.length - 1;
      while (k > 0 && hits(before[k - 1]!, e)) k--;
      leads.push((e.at - before[k]!.t) / 1000);
    } else if (fs.some((f) => f.unforecastable && f.t < e.at && f.t >= e.at - DUE_WITHIN_MS)) warned++;
  }
  let due = 0;
  let cameTrue = 0;
  let lowerBounds = 0;
  let lowerBoundsHeld = 0;
  // a forecast whose time (and tolerance) runs past the end of the recording cannot be judged
  const end = r.forecasts.at(-1)?.t ?? 0;
  for (const f of r.forecasts) {
    if (f.at == null || f.at - f.t > DUE_WITHIN_MS) continue;
    const tol = tolerance(Math.max(0, f.at - f.t));
    if (f.at + tol > end) continue;
    if (f.lowerBound) {
      lowerBounds++;
      if (!r.evictions.some((e) => e.node === f.node && e.at > f.t && e.at < f.at! - tol)) lowerBoundsHeld++;
      continue;
    }
    due++;
    if (r.evictions.some((e) => e.node === f.node && Math.abs(e.at - f.at!) <= tol)) cameTrue++;
  }
  const problems = r.forecasts.flatMap((f) => f.problems);
  return {
    scenario: r.scenario,
    hours: r.seconds / 3600,
    evictions: r.evictions.length,
    foreseen,
    recall: r.evictions.length ? foreseen / r.evictions.length : null,
    due,
    cameTrue,
    precision: due ? cameTrue / due : null,
    lowerBounds,
    lowerBoundsHeld,
    medianLeadSeconds: median(leads),
    contradictions: problems.length,
    warned,
    examples: problems.slice(0, 3),
  };
}
