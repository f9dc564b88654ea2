// Phrases shared by the live verdict and the per-signal forecast, so both say the same thing the
// same way. `clock` formats a cluster time for the reader (the page passes local HH:MM:SS).
import { HOUSEKEEPING_INTERVAL_SECONDS } from "@/lib/eviction/client";
import { formatDay, formatDuration, formatSignal, sameDay } from "@/lib/format";

import type { ConditionHold } from "../forecast/node-forecast";
import type { RideOut } from "../forecast/ride-out";
import type { NextPod, SignalForecast, ThresholdReach } from "../forecast/signal-forecast";
import { requestStanding } from "./standing";

export type Clock = (ms: number) => string;

/** The eviction manager's synchronize period (evictionMonitoringPeriod, pkg/kubelet/kubelet.go; not configurable): at most one eviction per cycle. */
const KUBELET_CYCLE_SECONDS = 10;

/** The words atTheEarliest adds, and why, for the sentences that explain them. */
const EARLIEST = "at the earliest";
export const EARLIEST_WHY = "unused images are deleted first, how many Headroom cannot see";

/**
 * A projected time that is only a lower bound (unused images are deleted first, as many as
 * Headroom cannot see: images-first.ts): "~3 min at the earliest". The signal panel, the headline
 * and the fleet row all print such a time through this, so the three say the same thing.
 */
export function atTheEarliest(time: string, lowerBound: boolean | undefined): string {
  return lowerBound ? `${time} ${EARLIEST}` : time;
}

/** "~40 s", "~12 min", "~3 h": a rounded duration for forecasts, never more precise than the data. */
export function roughly(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 90) return `~${s} s`;
  if (s < 90 * 60) return `~${Math.round(s / 60)} min`;
  return `~${Math.round(s / 3600)} h`;
}

const UNITS = [
  { below: 90, size: 1, name: "s" },
  { below: 90 * 60, size: 60, name: "min" },
  { below: Infinity, size: 3600, name: "h" },
] as const;

/**
 * A projected time with the spread of its rate: "~40 s" when the spread rounds away, "4–6 min"
 * when it does not, "~25 min (could be much later: the rate is uncertain)" when the slow end is
 * unbounded. The unit is the point estimate's, so the printed range always holds margin ÷ rate.
 */
export function roughRange(seconds: number, earliest: number, latest: number | null): string {
  if (latest == null) return `${roughly(seconds)} (could be much later: the rate is uncertain)`;
  const u = UNITS.find((x) => Math.round(seconds) < x.below)!;
  const lo = Math.round(Math.max(0, earliest) / u.size);
  const hi = Math.round(latest / u.size);
  return lo === hi ? roughly(seconds) : `${lo}–${hi} ${u.name}`;
}

/** A clock that puts the date in front of every time not on the same local day as `now`. */
export function withDate(clock: Clock, now: number): Clock {
  return (ms) => (sameDay(ms, now) ? clock(ms) : `${formatDay(ms, now)}, ${clock(ms)}`);
}

/** "default/report-worker (Burstable, 291Mi over its request)". */
export function podPhrase(signal: string, p: NextPod): string {
  const facts: string[] = [];
  if (p.qosClass) facts.push(p.qosClass);
  if (p.usage == null) facts.push("no stats, so ranked first");
  else facts.push(requestStanding(signal, p.usage - p.request));
  return `${p.namespace}/${p.name} (${facts.join(", ")})`;
}

/** What the next eviction achieves: "frees 4.3Gi" plus whether that clears threshold + minimum reclaim. */
export function freesPhrase(signal: string, p: NextPod): string {
  const frees = `frees ${formatSignal(signal, p.frees)}`;
  if (p.reachesMinReclaim == null || p.reachesMinReclaim) return frees;
  const n = p.evictionsNeeded ?? 0;
  return n > 1
    ? `${frees}, not enough: the kubelet goes on for ${n} evictions in all (one per ${HOUSEKEEPING_INTERVAL_SECONDS} s cycle) to clear the threshold plus its minimum reclaim`
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

/** "reaches the soft threshold in 4–6 min" or "… hard threshold in ~40 s" (plus "at the earliest" for a lower bound), the sooner of the two; null when neither is approached. */
export function approachPhrase(f: SignalForecast): { seconds: number; text: string; lowerBound: boolean } | null {
  const best = f.reach.reduce<ThresholdReach | null>(
    (a, r) => (r.state === "due" && (a == null || r.seconds! < a.seconds!) ? r : a),
    null,
  );
  return best
    ? {
        seconds: best.seconds!,
        lowerBound: !!best.lowerBound,
        text: `reaches the ${best.kind} threshold in ${atTheEarliest(roughRange(best.seconds!, best.earliest!, best.latest), !!best.lowerBound)}`,
      }
    : null;
}

/** "memory.available fell by up to 1.2Gi between two samples lately, more than its 900Mi margin to the hard threshold". */
export function erraticPhrase(f: SignalForecast): string | null {
  const r = f.reach.find((x) => x.kind === "hard") ?? f.reach.find((x) => x.kind === "soft");
  if (!f.erratic || !r || !f.trend) return null;
  return `${f.signal} fell by up to ${formatSignal(f.signal, f.trend.swing)} between two samples lately, more than its ${formatSignal(f.signal, r.margin)} margin to the ${r.kind} threshold: an eviction can come without warning`;
}

/** "40 s of 1m30s grace". */
export function graceProgress(elapsedSeconds: number, graceSeconds: number): string {
  return `${Math.max(0, Math.round(Math.min(elapsedSeconds, graceSeconds)))} s of ${formatDuration(graceSeconds)} grace`;
}

/** "the last 3 fills crossed it for at most 1m40s of its 2m grace, then turned back": why a batch cycle's soft crossing evicts nothing. */
export function rideOutPhrase(r: RideOut): string {
  return `the last ${r.fills} fills crossed it for at most ${formatDuration(r.longestSeconds)} of its ${formatDuration(r.graceSeconds)} grace, then turned back`;
}
