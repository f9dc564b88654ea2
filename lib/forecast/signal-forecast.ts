// The live forecast of one eviction signal, from the engine's analysis of the node as it is now
// plus the history Headroom collected: margin, time to each threshold at the recent rate, the
// soft-threshold grace countdown and the pod the kubelet would evict next. The kubelet's rules
// (met = threshold > available, grace counted from first observation, first non-critical pod of
// the ranking, replay to threshold + min-reclaim) come from lib/eviction; this only reads them.
import type { HistorySeries } from "@/lib/dto";
import type { Signal } from "@/lib/eviction/signals";
import type { AnalyzeOutput, SignalReport } from "@/lib/eviction/types";
import { projectTimeToThreshold } from "@/lib/projection";

import { lastSampleTime, metRunStart, type MetSince } from "./history-runs";

/** Samples of the least-squares window: 30 × the 10 s collection interval = the last 5 minutes. */
export const RATE_WINDOW_SAMPLES = 30;

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
  /** Change of `available` per second over the recent window; null with fewer than 3 samples. */
  ratePerSecond: number | null;
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
  /** When the kubelet is expected to evict for this signal (cluster ms), and why; null when nothing is expected. */
  eviction: { at: number; because: "hard-met" | "grace-over" | "grace" | "reaches-hard" | "reaches-soft" } | null;
}

export interface SignalForecastInput {
  now: number;
  result: AnalyzeOutput;
  history: HistorySeries | null;
  /** lastTransitionTime (ms) of the node condition this signal raises, when that condition is True. */
  conditionTrueSince: number | null;
  /** Whether a pod (by uid) is critical: the kubelet never evicts those. Unknown pods count as not critical. */
  isCritical: (uid: string) => boolean;
  /** Cluster ms of the node's latest eviction: the rate is fitted only over samples after it. */
  trendSince?: number | null;
}

/** The signal's samples from `trendSince` on: an eviction makes `available` jump, and a line fitted across the jump projects nonsense. */
function trendSamples(s: SignalReport, input: SignalForecastInput): (number | null)[] | null {
  const h = input.history;
  const samples = h?.signals[s.signal]?.available;
  if (!h || !samples) return null;
  if (input.trendSince == null) return samples;
  const first = Math.ceil((input.trendSince - h.start) / (h.intervalSeconds * 1000));
  return first <= 0 ? samples : samples.slice(first);
}

function timeTo(s: SignalReport, kind: "hard" | "soft", input: SignalForecastInput): number | null {
  const t = s.thresholds.find((x) => x.kind === kind);
  if (!t) return null;
  if (t.met) return 0;
  const samples = trendSamples(s, input);
  if (!samples || !input.history) return null;
  const p = projectTimeToThreshold(samples, input.history.intervalSeconds, t.value, RATE_WINDOW_SAMPLES);
  if (p?.secondsToThreshold == null) return null;
  // the projection counts from the newest sample; the document may be newer
  const last = lastSampleTime(input.history, s.signal) ?? input.now;
  return Math.max(0, p.secondsToThreshold - (input.now - last) / 1000);
}

function rateOf(s: SignalReport, input: SignalForecastInput): number | null {
  const samples = trendSamples(s, input);
  if (!samples || !input.history) return null;
  return projectTimeToThreshold(samples, input.history.intervalSeconds, -Infinity, RATE_WINDOW_SAMPLES)?.slopePerSecond ?? null;
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
  const secondsToHard = timeTo(s, "hard", input);
  const secondsToSoft = timeTo(s, "soft", input);
  const candidates: NonNullable<SignalForecast["eviction"]>[] = [];
  if (hardMet) candidates.push({ at: input.now, because: "hard-met" });
  if (soft) candidates.push({ at: Math.max(input.now, soft.actsAt), because: soft.actsAt <= input.now ? "grace-over" : "grace" });
  if (!hardMet && secondsToHard != null) candidates.push({ at: input.now + secondsToHard * 1000, because: "reaches-hard" });
  if (!softMet && secondsToSoft != null && softCfg)
    candidates.push({ at: input.now + (secondsToSoft + softCfg.gracePeriodSeconds) * 1000, because: "reaches-soft" });
  const eviction = candidates.reduce<SignalForecast["eviction"]>((a, c) => (a == null || c.at < a.at ? c : a), null);
  return {
    signal: s.signal,
    margin: nearest
      ? { kind: nearest.kind, value: nearest.margin, fraction: s.capacity > 0 ? nearest.margin / s.capacity : 0 }
      : null,
    ratePerSecond: rateOf(s, input),
    secondsToSoft,
    secondsToHard,
    hardMet,
    softMet,
    soft,
    configured: { soft: !!softState, hard: !!hard },
    nextPod: s.thresholds.length > 0 ? nextPodOf(s, input) : null,
    eviction,
  };
}
