// The live forecast of a node: every signal's forecast (signal-forecast.ts), the pressure
// conditions the kubelet still reports although no threshold is met (held by
// evictionPressureTransitionPeriod, kubelet-eviction.md §5.4), and the soonest expected eviction.
import type { EvictionRecord, HistorySeries } from "@/lib/contract/dto";
import {
  DEFAULT_PRESSURE_TRANSITION_PERIOD_SECONDS,
  isCriticalPod,
  isMet,
  resolveConfig,
  signalCondition,
  signalResource,
  SIGNALS,
  type AnalyzeOutput,
  type ImageGcThresholds,
  type Pod,
  type PressureCondition,
  type Signal,
} from "@/lib/eviction";

import { discontinuities, type PodLike } from "./breaks";
import { lastMetSample } from "./history-runs";
import { imageBreaks, unusedImageBytes, type ImageList } from "./node-images";
import { forecastSignal, type SignalForecast } from "./signal-forecast";

const PRESSURE_CONDITIONS: readonly PressureCondition[] = ["MemoryPressure", "DiskPressure", "PIDPressure"];

export interface ConditionLike {
  type: string;
  status: string;
  lastTransitionTime?: string;
}

/** A pressure condition that is True while none of its thresholds is met now. */
export interface ConditionHold {
  condition: PressureCondition;
  /** The latest moment a threshold of this condition is known to have been met (cluster ms). */
  lastMetAt: number;
  /** What told us: a history sample Headroom collected, a kubelet eviction, or only the condition's transition. */
  lastMetFrom: "history" | "eviction" | "transition";
  /** lastMetAt + the transition period: the kubelet reports the condition until then, unless a threshold is met again. */
  clearsAt: number;
  periodSeconds: number;
}

export interface NodeForecastInput {
  /** The document's time on the cluster clock (ms). */
  now: number;
  result: AnalyzeOutput;
  history: HistorySeries | null;
  conditions: readonly ConditionLike[];
  evictions: readonly EvictionRecord[];
  /** The node's pods, to tell critical ones (never evicted) apart; without them no pod counts as critical. */
  pods?: readonly Pod[];
  transitionPeriodSeconds: number;
  /** The node's image GC marks (lib/eviction/node/image-gc.ts imageGcThresholds); the kubelet's defaults when not given. */
  imageGc?: ImageGcThresholds;
  /** The Node as it is now: its status.images tell the unused image bytes (node-images.ts). Not given for a past view. */
  node?: ImageList | null;
}

export interface NodeForecast {
  now: number;
  /** The node's evictionPressureTransitionPeriod in seconds. */
  periodSeconds: number;
  signals: SignalForecast[];
  holds: ConditionHold[];
  /** The soonest expected eviction over all signals, or null. */
  next: (NonNullable<SignalForecast["eviction"]> & { signal: Signal }) | null;
}

// A node's config object is kept until it changes; the server asks for every node every 10 s.
const periods = new WeakMap<object, Map<string, number>>();

/** Reads the node's evictionPressureTransitionPeriod from its kubelet settings; the default when they cannot be read. */
export function transitionPeriodOf(kubeletConfig: unknown, kubeletFlags: string | null | undefined): number {
  const byFlags = kubeletConfig !== null && typeof kubeletConfig === "object" ? periods.get(kubeletConfig) : undefined;
  const hit = byFlags?.get(kubeletFlags ?? "");
  if (hit !== undefined) return hit;
  let period = DEFAULT_PRESSURE_TRANSITION_PERIOD_SECONDS;
  try {
    period = resolveConfig(kubeletConfig, kubeletFlags ?? undefined, {}).config.evictionPressureTransitionPeriodSeconds;
  } catch {
    // the analysis reports a bad configuration; the forecast falls back to the kubelet's default
  }
  if (kubeletConfig !== null && typeof kubeletConfig === "object")
    periods.set(kubeletConfig, (byFlags ?? new Map()).set(kubeletFlags ?? "", period));
  return period;
}

const ms = (iso: string | null | undefined) => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? null : t;
};

/** The condition a starved resource raises (memory → MemoryPressure, …), through the engine's signal tables. */
function conditionOfResource(resource: string | null): PressureCondition | null {
  const s = SIGNALS.find((x) => signalResource(x) === resource);
  return s ? signalCondition(s) : null;
}

function holdOf(c: PressureCondition, trueSince: number | null, input: NodeForecastInput): ConditionHold | null {
  const thresholds = input.result.thresholds.filter((t) => signalCondition(t.signal) === c);
  const capacity = new Map(input.result.signals.map((s) => [s.signal, s.capacity]));
  const checks = thresholds.map((t) => ({
    signal: t.signal,
    met: (available: number) => isMet(t, { [t.signal]: { available, capacity: capacity.get(t.signal) ?? 0 } }),
  }));
  const candidates: { at: number; from: ConditionHold["lastMetFrom"] }[] = [];
  const sampled = lastMetSample(input.history, checks);
  if (sampled != null) candidates.push({ at: sampled, from: "history" });
  // the kubelet evicts in the cycle in which it observes the threshold met
  for (const e of input.evictions) {
    const at = ms(e.time);
    if (e.kind === "node-pressure" && at != null && conditionOfResource(e.signalResource) === c)
      candidates.push({ at, from: "eviction" });
  }
  if (trueSince != null) candidates.push({ at: trueSince, from: "transition" });
  const best = candidates.reduce<(typeof candidates)[number] | null>((a, x) => (a == null || x.at > a.at ? x : a), null);
  if (!best) return null;
  const periodSeconds = input.transitionPeriodSeconds;
  return { condition: c, lastMetAt: best.at, lastMetFrom: best.from, clearsAt: best.at + periodSeconds * 1000, periodSeconds };
}

/** Forecasts a node: per-signal forecasts, transition-period holds and the soonest eviction. */
export function forecastNode(input: NodeForecastInput): NodeForecast {
  const trueSince = new Map<string, number | null>();
  for (const c of input.conditions) if (c.status === "True") trueSince.set(c.type, ms(c.lastTransitionTime));
  const breaks = [
    ...discontinuities(input.evictions, input.pods as readonly PodLike[] | undefined),
    ...imageBreaks(input.history),
  ];
  const unusedImages = input.node ? unusedImageBytes(input.node, (input.pods ?? []) as readonly PodLike[]) : null;
  const critical = new Set((input.pods ?? []).filter((p) => isCriticalPod(p)).map((p) => p.metadata?.uid ?? ""));
  const signals = input.result.signals.map((s) =>
    forecastSignal(s, {
      now: input.now,
      result: input.result,
      history: input.history,
      conditionTrueSince: trueSince.get(signalCondition(s.signal)) ?? null,
      isCritical: (uid) => critical.has(uid),
      breaks,
      imageGc: input.imageGc,
      unusedImageBytes: unusedImages,
    }),
  );
  const holds: ConditionHold[] = [];
  for (const c of PRESSURE_CONDITIONS) {
    if (!trueSince.has(c)) continue;
    if (input.result.signals.some((s) => signalCondition(s.signal) === c && s.thresholds.some((t) => t.met))) continue;
    const h = holdOf(c, trueSince.get(c) ?? null, input);
    if (h) holds.push(h);
  }
  let next: NodeForecast["next"] = null;
  for (const f of signals)
    if (f.eviction && (next == null || f.eviction.at < next.at)) next = { ...f.eviction, signal: f.signal };
  return { now: input.now, periodSeconds: input.transitionPeriodSeconds, signals, holds, next };
}
