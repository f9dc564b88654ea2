// The live forecast of one eviction signal, from the engine's analysis of the node as it is now
// plus the history Headroom collected: margin, time to each threshold at the recent rate, the
// soft-threshold grace countdown and the pod the kubelet would evict next. The kubelet's rules
// (met = threshold > available, grace counted from first observation, first non-critical pod of
// the ranking, replay to threshold + min-reclaim) come from lib/eviction; this only reads them.
import type { HistorySeries } from "@/lib/contract/dto";
import {
  imageGcStartsAt,
  imageGcThresholds,
  marginFraction,
  type AnalyzeOutput,
  type ImageGcThresholds,
  type Signal,
  type SignalReport,
} from "@/lib/eviction";
import { secondsToUse } from "@/lib/forecast/projection";

import { breaksFor, type Discontinuity } from "./breaks";
import { batchCycle, type BatchCycle } from "./cycle";
import { metRunStart, type MetSince } from "./history-runs";
import { imagesFirst } from "./images-first";
import { rideOutOf, type RideOut } from "./ride-out";
import { currentTrend, TREND_WINDOW_SAMPLES, type Trend } from "./trend";

/** Samples the trend may span: the fleet asks the history for this many. */
export const RATE_WINDOW_SAMPLES = TREND_WINDOW_SAMPLES;

/** No time-to-threshold beyond this: a rate from the last few minutes says nothing about hours ahead. */
export const HORIZON_SECONDS = 6 * 3600;

/**
 * Where a threshold stands at the recent rate. "due": reached in `seconds` (margin ÷ rate, from the
 * observed value), between `earliest` and `latest` over the rate's confidence interval (latest
 * null: the slow end lies past the horizon or the rate may not be falling at all).
 */
export interface ThresholdReach {
  kind: "soft" | "hard";
  /** Observed available − threshold now (negative = met). */
  margin: number;
  /** "cycle": a batch cycle whose earlier fills turned back before this threshold, and this fill is on their course. */
  state: "met" | "no-trend" | "young" | "receding" | "beyond" | "due" | "cycle" | "cycle-grace";
  seconds: number | null;
  earliest: number | null;
  latest: number | null;
  /** "cycle" only: how many earlier fills, and their lowest available − this threshold (> 0). */
  cycle?: { fills: number; turnMargin: number };
  /** "cycle-grace" only (a soft threshold): the earlier fills crossed it but turned back before its grace ran out. */
  rideOut?: RideOut;
  /** "due" only: the kubelet deletes unused images first, as many as Headroom cannot see: `seconds` is the earliest the eviction can come. */
  lowerBound?: { gcAt: number | null };
}

export interface NextPod {
  namespace: string;
  name: string;
  uid: string;
  qosClass: string | null;
  usage: number | null;
  request: number;
  /** What evicting it gives back to the signal (its usage; 0 without stats). */
  frees: number;
  /** Met signals only: whether this one eviction brings every met threshold clear by its minimum reclaim (the engine's replay); null when nothing is met. */
  reachesMinReclaim: boolean | null;
  /** Met signals only: how many evictions the replay needs (one per 10 s kubelet cycle). */
  evictionsNeeded: number | null;
}

interface SoftGrace {
  /** When Headroom first saw the soft threshold met in the current run (see MetSince.basis). */
  metSince: MetSince;
  graceSeconds: number;
  /** metSince + grace: the first kubelet cycle from then on evicts. */
  actsAt: number;
}

export interface SignalForecast {
  signal: Signal;
  /** available − the threshold that matters most (a met hard one, else the nearest; negative = met), and as a fraction of capacity. */
  margin: { kind: "hard" | "soft"; value: number; fraction: number } | null;
  /** Change of `available` per second in the current regime (Theil–Sen); null while it has too few samples. */
  ratePerSecond: number | null;
  /** The current regime: its samples, since when, what began it, and how far the signal swings in it. */
  trend: Trend | null;
  /** Each configured threshold at the recent rate. */
  reach: ThresholdReach[];
  /** The signal moves between two samples by more than its margin to eviction: an eviction can come unannounced. */
  erratic: boolean;
  /** Seconds from `now` until the threshold is reached at that rate: 0 when met, null when not approaching or not configured. */
  secondsToSoft: number | null;
  secondsToHard: number | null;
  hardMet: boolean;
  softMet: boolean;
  /** Which thresholds the signal has. */
  configured: { soft: boolean; hard: boolean };
  soft: SoftGrace | null;
  /** The first non-critical pod of the signal's ranking, as the kubelet walks it. */
  nextPod: NextPod | null;
  /** The soft threshold is crossed by a batch cycle on its usual course, which turns back before the grace ends: no eviction is projected for it. */
  rideOut: RideOut | null;
  /** When the kubelet is expected to evict for this signal (cluster ms), and why; null when nothing is expected. */
  eviction: {
    at: number;
    because: "hard-met" | "grace-over" | "grace" | "reaches-hard" | "reaches-soft";
    /** Projected evictions only: the span of `at` over the rate's confidence interval (latest null: unbounded). */
    range?: { earliest: number; latest: number | null };
    /** Unused images are deleted first (ThresholdReach.lowerBound): `at` is the earliest the eviction can come. */
    lowerBound?: boolean;
  } | null;
}

export interface SignalForecastInput {
  now: number;
  result: AnalyzeOutput;
  history: HistorySeries | null;
  /** lastTransitionTime (ms) of the node condition this signal raises, when that condition is True. */
  conditionTrueSince: number | null;
  /** Whether a pod (by uid) is critical: the kubelet never evicts those. Unknown pods count as not critical. */
  isCritical: (uid: string) => boolean;
  /** Discontinuities on the node (evictions, OOM kills, restarts, deletions): the trend starts after the newest. */
  breaks?: readonly Discontinuity[];
  /** The node's image GC marks (lib/eviction/node/image-gc.ts); the kubelet's defaults when not given. */
  imageGc?: ImageGcThresholds;
  /** Bytes of node.status.images no container uses (node-images.ts); null or absent when unknown. */
  unusedImageBytes?: number | null;
}

interface ReachContext {
  trend: Trend | null;
  cycle: BatchCycle | null;
  /** The soft threshold's batch-cycle ride-out (rideOutOf), when there is one. */
  rideOut: RideOut | null;
  /** Unused images come back before an eviction and Headroom cannot see how many: the available bytes at which GC starts. */
  imagesFirst: { gcStartsAt: number } | null;
  /** The span of a full trend window (TREND_WINDOW_SAMPLES samples) at the history's interval. */
  windowSeconds: number;
}

/**
 * A regime watched for less time than it would take to reach the threshold, and for less than a
 * whole trend window, is not projected: the start of a batch job's fill looks like a leak until it
 * turns back, and nothing tells them apart before then (a fresh history, or just after a known
 * break). Once a whole window is watched, a slow leak is projected as far as the horizon.
 */
function isYoung(trend: Trend, seconds: number, windowSeconds: number): boolean {
  return trend.observedSeconds < windowSeconds && seconds > trend.observedSeconds;
}

function reachOf(kind: "soft" | "hard", s: SignalReport, ctx: ReachContext): ThresholdReach | null {
  const t = s.thresholds.find((x) => x.kind === kind);
  if (!t) return null;
  const none = { kind, margin: t.margin, seconds: null, earliest: null, latest: null };
  if (t.met) return { ...none, state: "met", seconds: 0 };
  const fit = ctx.trend?.fit;
  if (!fit) return { ...none, state: "no-trend" };
  const seconds = secondsToUse(t.margin, fit.slopePerSecond);
  if (seconds == null) return { ...none, state: "receding" };
  if (kind === "soft" && ctx.rideOut) return { ...none, state: "cycle-grace", rideOut: ctx.rideOut };
  // the threshold's level is available − margin; earlier fills that stayed above it turned back before it
  const level = s.available - t.margin;
  const turnMargin = ctx.cycle ? ctx.cycle.lowest - level : 0;
  if (ctx.cycle?.sameCourse && ctx.cycle.expectedTurn > level && t.margin >= turnMargin)
    return { ...none, state: "cycle", cycle: { fills: ctx.cycle.fills, turnMargin } };
  if (seconds > HORIZON_SECONDS) return { ...none, state: "beyond" };
  if (isYoung(ctx.trend!, seconds, ctx.windowSeconds)) return { ...none, state: "young" };
  const earliest = secondsToUse(t.margin, fit.low)!;
  const slow = secondsToUse(t.margin, fit.high);
  const due = {
    ...none,
    state: "due" as const,
    seconds,
    earliest,
    latest: slow != null && slow <= HORIZON_SECONDS ? slow : null,
  };
  if (!ctx.imagesFirst) return due;
  const gcIn = secondsToUse(s.available - ctx.imagesFirst.gcStartsAt, fit.slopePerSecond);
  return { ...due, lowerBound: { gcAt: gcIn != null && gcIn < seconds ? gcIn : null } };
}

function nextPodOf(s: SignalReport, input: SignalForecastInput): NextPod | null {
  const ranking = input.result.rankings[s.signal] ?? [];
  // a met signal: the engine's replay already walked the ranking the kubelet's way
  const replay = input.result.replay.find((r) => r.signal === s.signal);
  const step = replay?.evicted[0];
  const row = step ? ranking.find((r) => r.uid === step.uid) : ranking.find((r) => !input.isCritical(r.uid));
  if (!row) return null;
  return {
    namespace: row.namespace,
    name: row.name,
    uid: row.uid,
    qosClass: input.result.pods.find((p) => p.uid === row.uid)?.qosClass ?? null,
    usage: row.usage,
    request: row.request,
    frees: step?.reclaimed ?? Math.max(0, row.usage ?? 0),
    reachesMinReclaim: replay ? replay.evicted.length === 1 && replay.recovered : null,
    evictionsNeeded: replay ? replay.evicted.length : null,
  };
}

/** Whether one step of the size the regime has shown would use up the margin to eviction (hard, else soft). */
function isErratic(trend: Trend | null, reach: readonly ThresholdReach[]): boolean {
  const r = reach.find((x) => x.kind === "hard") ?? reach.find((x) => x.kind === "soft");
  return !!trend && !!r && r.margin > 0 && trend.swing >= r.margin;
}

/** Forecasts one signal (see SignalForecast); every time is on the cluster clock of `input.now`. */
export function forecastSignal(s: SignalReport, input: SignalForecastInput): SignalForecast {
  const hard = s.thresholds.find((t) => t.kind === "hard");
  // the threshold that matters most: a met hard one, else the one closest to (or furthest past) available
  const nearest = hard?.met
    ? hard
    : s.thresholds.reduce<SignalReport["thresholds"][number] | null>((a, t) => (a == null || t.margin < a.margin ? t : a), null);
  const softState = s.thresholds.find((t) => t.kind === "soft");
  const softCfg = input.result.thresholds.find((t) => t.signal === s.signal && t.kind === "soft");
  const hardMet = !!hard?.met;
  const softMet = !!softState?.met;
  let soft: SoftGrace | null = null;
  if (softState?.met && softCfg) {
    const metSince = metRunStart(input.history, s.signal, softState.value, input.conditionTrueSince) ?? {
      at: input.now,
      basis: "history" as const,
    };
    soft = { metSince, graceSeconds: softCfg.gracePeriodSeconds, actsAt: metSince.at + softCfg.gracePeriodSeconds * 1000 };
  }
  const breaks = breaksFor(s.signal, input.breaks ?? []);
  const trend = currentTrend(input.history, s.signal, breaks);
  const gc = input.imageGc ?? imageGcThresholds(null);
  const cycle = batchCycle(input.history, s.signal, breaks);
  const rideOut = rideOutOf(s, cycle, softCfg?.gracePeriodSeconds ?? null, soft ? (input.now - soft.metSince.at) / 1000 : null);
  const ctx: ReachContext = {
    trend,
    cycle,
    rideOut,
    windowSeconds: (TREND_WINDOW_SAMPLES - 1) * (input.history?.intervalSeconds ?? 10),
    imagesFirst: imagesFirst(s, input.result.signals, input.history, gc, input.unusedImageBytes)
      ? { gcStartsAt: imageGcStartsAt(s.capacity, gc) }
      : null,
  };
  const reach = [reachOf("soft", s, ctx), reachOf("hard", s, ctx)].filter((r): r is ThresholdReach => r != null);
  const due = (kind: "soft" | "hard") => reach.find((r) => r.kind === kind && r.state === "due");
  const secondsOf = (kind: "soft" | "hard") => {
    const r = reach.find((x) => x.kind === kind);
    return r?.state === "met" ? 0 : (due(kind)?.seconds ?? null);
  };
  const secondsToHard = secondsOf("hard");
  const secondsToSoft = secondsOf("soft");
  const candidates: NonNullable<SignalForecast["eviction"]>[] = [];
  const at = (seconds: number | null, extra = 0) => (seconds == null ? null : input.now + (seconds + extra) * 1000);
  if (hardMet) candidates.push({ at: input.now, because: "hard-met" });
  if (soft && !rideOut)
    candidates.push({ at: Math.max(input.now, soft.actsAt), because: soft.actsAt <= input.now ? "grace-over" : "grace" });
  const hardDue = hardMet ? undefined : due("hard");
  if (hardDue)
    candidates.push({
      at: at(hardDue.seconds)!,
      because: "reaches-hard",
      range: { earliest: at(hardDue.earliest)!, latest: at(hardDue.latest) },
      ...(hardDue.lowerBound ? { lowerBound: true } : {}),
    });
  const softDue = softMet || rideOut ? undefined : due("soft");
  if (softDue && softCfg) {
    const g = softCfg.gracePeriodSeconds;
    candidates.push({
      at: at(softDue.seconds, g)!,
      because: "reaches-soft",
      range: { earliest: at(softDue.earliest, g)!, latest: at(softDue.latest, g) },
      ...(softDue.lowerBound ? { lowerBound: true } : {}),
    });
  }
  const eviction = candidates.reduce<SignalForecast["eviction"]>((a, c) => (a == null || c.at < a.at ? c : a), null);
  return {
    signal: s.signal,
    margin: nearest
      ? { kind: nearest.kind, value: nearest.margin, fraction: marginFraction(nearest.margin, s.capacity) ?? 0 }
      : null,
    ratePerSecond: trend?.fit?.slopePerSecond ?? null,
    trend,
    reach,
    erratic: isErratic(trend, reach),
    secondsToSoft,
    secondsToHard,
    hardMet,
    softMet,
    soft,
    configured: { soft: !!softState, hard: !!hard },
    nextPod: s.thresholds.length > 0 ? nextPodOf(s, input) : null,
    rideOut,
    eviction,
  };
}
