// The live verdict: one or two sentences at the top of the node page saying what the kubelet is
// about to do, from the node's forecast. `now` is the cluster time being shown (the document's
// time plus what has elapsed since it arrived), so the countdown ticks without trusting the
// browser's clock.
import { HOUSEKEEPING_INTERVAL_SECONDS, signalCondition } from "@/lib/eviction/client";
import { formatDuration } from "@/lib/format";

import type { NodeForecast } from "../forecast/node-forecast";
import type { SignalForecast } from "../forecast/signal-forecast";
import {
  approachPhrase,
  atTheEarliest,
  clearsAfterEviction,
  EARLIEST_WHY,
  erraticPhrase,
  freesPhrase,
  graceProgress,
  holdSentence,
  podPhrase,
  rideOutPhrase,
  roughly,
  roughRange,
  withDate,
  type Clock,
} from "./forecast-phrases";
import { NO_SUMMARY_YET, noPressureSentence } from "./standing";

export type VerdictState = "evicting" | "held" | "approaching" | "ok" | "no-data";

export interface Verdict {
  state: VerdictState;
  text: string;
  /** Cluster ms the text counts down to, so the page re-renders it as time passes; null when static. */
  countdownTo: number | null;
}

function evictingLead(f: SignalForecast, next: NonNullable<NodeForecast["next"]>, now: number): string {
  const { at, because, range, lowerBound } = next;
  const grace = formatDuration(f.soft?.graceSeconds ?? 0);
  const left = (ms: number) => (ms - now) / 1000;
  // a projection carries the spread of its rate; a grace countdown is exact
  const inTime = `Evicting in ${atTheEarliest(range ? roughRange(left(at), left(range.earliest), range.latest == null ? null : left(range.latest)) : roughly(left(at)), lowerBound)}`;
  const why = lowerBound ? `; ${EARLIEST_WHY}` : "";
  if (because === "hard-met")
    return `Evicting now (${f.signal} is below its hard threshold; the kubelet acts within its ${HOUSEKEEPING_INTERVAL_SECONDS} s cycle)`;
  if (because === "reaches-hard")
    return at <= now
      ? `Evicting now (${f.signal} is reaching its hard threshold at the current rate)`
      : `${inTime} (${f.signal} reaches its hard threshold at the current rate${why})`;
  return at <= now
    ? `Evicting now (${f.signal}'s ${grace} soft grace is over)`
    : `${inTime} (when ${f.signal}'s ${grace} soft grace ends)`;
}

function evicting(fc: NodeForecast, now: number, clock: Clock): Verdict | null {
  const next = fc.next;
  if (
    !next ||
    next.because === "reaches-soft" ||
    (next.because === "reaches-hard" && !fc.signals.some((s) => s.softMet || s.hardMet))
  )
    return null;
  const f = fc.signals.find((s) => s.signal === next.signal)!;
  const lead = evictingLead(f, next, now);
  const countdownTo = next.at > now ? next.at : null;
  if (!f.nextPod)
    return {
      state: "evicting",
      text: `${lead}, but every pod on the node is critical: the kubelet has nothing to evict.`,
      countdownTo,
    };
  const condition = signalCondition(f.signal);
  const clears = clearsAfterEviction(Math.max(now, next.at), f.nextPod, fc.periodSeconds);
  const tail =
    f.nextPod.reachesMinReclaim === false ? "" : `; ${condition} clears at ${clock(clears)} unless a threshold is met again`;
  return {
    state: "evicting",
    text: `${lead}: ${podPhrase(f.signal, f.nextPod)} ${freesPhrase(f.signal, f.nextPod)}${tail}.`,
    countdownTo,
  };
}

function approaching(fc: NodeForecast): { f: SignalForecast; seconds: number; text: string; lowerBound: boolean } | null {
  let best: { f: SignalForecast; seconds: number; text: string; lowerBound: boolean } | null = null;
  for (const f of fc.signals) {
    const a = approachPhrase(f);
    if (a && (best == null || a.seconds < best.seconds)) best = { f, ...a };
  }
  return best;
}

function closest(fc: NodeForecast): string {
  const withMargin = fc.signals.filter((f) => f.margin != null);
  if (withMargin.length === 0) return noPressureSentence(null);
  const c = withMargin.reduce((a, f) => (f.margin!.fraction < a.margin!.fraction ? f : a));
  return noPressureSentence({ signal: c.signal, fraction: c.margin!.fraction });
}

/** Says in words what the kubelet is about to do on this node (see Verdict), at cluster time `now`. */
export function liveVerdict(fc: NodeForecast, now: number, timeOfDay: Clock): Verdict {
  const clock = withDate(timeOfDay, now);
  if (fc.signals.length === 0) return { state: "no-data", text: `${NO_SUMMARY_YET}: nothing to forecast.`, countdownTo: null };
  const ev = evicting(fc, now, clock);
  if (ev) return ev;
  // a batch fill below the soft threshold on its usual course turns back before the grace ends
  const riding = fc.signals.find((f) => f.softMet && f.rideOut && f.soft);
  if (riding)
    return {
      state: "approaching",
      text: `${riding.signal} is below its soft threshold (${graceProgress((now - riding.soft!.metSince.at) / 1000, riding.soft!.graceSeconds)}), but a batch cycle: ${rideOutPhrase(riding.rideOut!)}, and this one is on the same course. No eviction expected unless it stays below until ${clock(riding.soft!.actsAt)}.`,
      countdownTo: null,
    };
  const near = approaching(fc);
  const nearText = near
    ? `${near.f.signal} ${near.text} at the current rate${near.lowerBound ? ` (${EARLIEST_WHY})` : ""}`
    : null;
  if (fc.holds.length > 0) {
    const held = fc.holds.map((h) => holdSentence(h, now, clock)).join("; ");
    const soonest = Math.min(...fc.holds.map((h) => h.clearsAt));
    return {
      state: "held",
      text: `${held}.${nearText ? ` Meanwhile ${nearText}.` : ""}`,
      countdownTo: soonest > now ? soonest : null,
    };
  }
  // a signal that falls further between samples than its margin cannot be forecast: say so
  const erratic = fc.signals.map(erraticPhrase).find((x) => x != null);
  if (near)
    return {
      state: "approaching",
      text: `No threshold met; ${nearText}.${erratic ? ` But ${erratic}.` : ""}`,
      countdownTo: null,
    };
  if (erratic) return { state: "approaching", text: `No threshold met, but ${erratic}.`, countdownTo: null };
  // falling toward a threshold, but not for long enough to project a time (signal-forecast.ts isYoung)
  const young = fc.signals.find((f) => f.reach.some((r) => r.state === "young"));
  if (young)
    return {
      state: "approaching",
      text: `No threshold met; no trend yet: ${young.signal} is falling, but not for long enough to tell a leak from a batch job's fill that turns back, so no time is projected yet.`,
      countdownTo: null,
    };
  return { state: "ok", text: closest(fc), countdownTo: null };
}
