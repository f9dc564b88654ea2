// Phrases shared by the live verdict and the per-signal forecast, so both say the same thing the
// same way. `clock` formats a cluster time for the reader (the page passes local HH:MM:SS).
import { formatDuration, formatSignal } from "@/lib/format";

import type { ConditionHold } from "./node-forecast";
import type { NextPod, SignalForecast } from "./signal-forecast";

export type Clock = (ms: number) => string;

/** The eviction manager's synchronize period (evictionMonitoringPeriod, pkg/kubelet/kubelet.go; not configurable): at most one eviction per cycle. */
const KUBELET_CYCLE_SECONDS = 10;

/** "~40 s", "~12 min", "~3 h": a rounded duration for forecasts, never more precise than the data. */
export function roughly(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 90) return `~${s} s`;
  if (s < 90 * 60) return `~${Math.round(s / 60)} min`;
  return `~${Math.round(s / 3600)} h`;
}

/** "default/report-worker (Burstable, 291Mi over its request)". */
export function podPhrase(signal: string, p: NextPod): string {
  const facts: string[] = [];
  if (p.qosClass) facts.push(p.qosClass);
  if (p.usage == null) facts.push("no stats, so ranked first");
  else if (p.usage > p.request) facts.push(`${formatSignal(signal, p.usage - p.request)} over its request`);
  else facts.push("within its request");
  return `${p.namespace}/${p.name} (${facts.join(", ")})`;
}

/** What the next eviction achieves: "frees 4.3Gi" plus whether that clears threshold + minimum reclaim. */
export function freesPhrase(signal: string, p: NextPod): string {
  const frees = `frees ${formatSignal(signal, p.frees)}`;
  if (p.reachesMinReclaim == null || p.reachesMinReclaim) return frees;
  const n = p.evictionsNeeded ?? 0;
  return n > 1
    ? `${frees}, not enough: the kubelet goes on for ${n} evictions in all (one per 10 s cycle) to clear the threshold plus its minimum reclaim`
    : `${frees}, not enough to clear the threshold plus its minimum reclaim, and no other pod can be evicted`;
}

/** When the condition clears after the expected evictions: the last one + the transition period. */
export function clearsAfterEviction(evictionAt: number, p: NextPod, periodSeconds: number): number {
  const extraCycles = Math.max(0, (p.evictionsNeeded ?? 1) - 1);
  return evictionAt + (extraCycles * KUBELET_CYCLE_SECONDS + periodSeconds) * 1000;
}

const FROM: Record<ConditionHold["lastMetFrom"], string> = {
  history: "seen in Headroom's samples",
  eviction: "the kubelet's last eviction for it",
  transition: "the condition's last transition",
};

/** "MemoryPressure held until 15:03:00 by the 5m transition period; no threshold is met now" (or, past that time, "should clear"). */
export function holdSentence(h: ConditionHold, now: number, clock: Clock): string {
  const period = formatDuration(h.periodSeconds);
  if (h.clearsAt <= now) {
    return `${h.condition} should clear at the kubelet's next status update: no threshold is met and the ${period} transition period since one was last met (${clock(h.lastMetAt)}) is over`;
  }
  return `${h.condition} held until ${clock(h.clearsAt)} by the ${period} transition period; no threshold is met now`;
}

/** The longer explanation of a hold, for the signal panels. */
export function holdExplanation(h: ConditionHold, clock: Clock): string {
  return `The kubelet keeps reporting ${h.condition} for evictionPressureTransitionPeriod (${formatDuration(h.periodSeconds)}) after a threshold was last met: at ${clock(h.lastMetAt)} (${FROM[h.lastMetFrom]}). It clears at ${clock(h.clearsAt)} unless a threshold is met again.`;
}

/** "soft threshold in ~3 min" or "hard threshold in ~40 s", the sooner of the two; null when neither is approached. */
export function approachPhrase(f: SignalForecast): { seconds: number; text: string } | null {
  const c: { seconds: number; kind: string }[] = [];
  if (f.secondsToSoft != null && !f.softMet) c.push({ seconds: f.secondsToSoft, kind: "soft" });
  if (f.secondsToHard != null && !f.hardMet) c.push({ seconds: f.secondsToHard, kind: "hard" });
  const best = c.reduce<(typeof c)[number] | null>((a, x) => (a == null || x.seconds < a.seconds ? x : a), null);
  return best ? { seconds: best.seconds, text: `reaches the ${best.kind} threshold in ${roughly(best.seconds)}` } : null;
}

/** "40 s of 1m30s grace". */
export function graceProgress(elapsedSeconds: number, graceSeconds: number): string {
  return `${Math.max(0, Math.round(Math.min(elapsedSeconds, graceSeconds)))} s of ${formatDuration(graceSeconds)} grace`;
}
