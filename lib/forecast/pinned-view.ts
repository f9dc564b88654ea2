// A node as of a past moment (`at=` in a pinned link): its history cut at that moment and the
// forecast the forecast entry point (lib/forecast) makes from it, so a link opened later shows
// the same countdown. Headroom keeps a history of the signals only: pods, their ranking and the
// kubelet's settings are today's, and the page says so. Pure and browser-safe.
import { isMet, signalCondition, type AnalyzeOutput, type Pod, type SignalReport } from "@/lib/eviction";

import type { EvictionRecord, HistorySeries, NodeDetail } from "../contract/dto";
import { forecastNode, transitionPeriodOf, type NodeForecast } from "./index";
import type { ConditionLike } from "./node-forecast";

/** The history up to and including `at`: the samples after it are not known at that moment. */
export function historyUntil(h: HistorySeries, at: number): HistorySeries {
  const last = Math.floor((at - h.start) / (h.intervalSeconds * 1000));
  const signals: HistorySeries["signals"] = {};
  for (const [k, v] of Object.entries(h.signals)) signals[k] = { ...v, available: v.available.slice(0, Math.max(0, last + 1)) };
  return { ...h, signals };
}

/** The newest sample at or before `at`, or null. */
function valueAt(h: HistorySeries, signal: string): number | null {
  const samples = h.signals[signal]?.available ?? [];
  for (let i = samples.length - 1; i >= 0; i--) if (samples[i] != null) return samples[i]!;
  return null;
}

/** Whether a history holds a sample at or before `at` (what a pinned view needs to exist). */
export function covers(h: HistorySeries | null, at: number): boolean {
  if (!h || at < h.start) return false;
  const cut = historyUntil(h, at);
  return Object.values(cut.signals).some((s) => s.available.some((v) => v != null));
}

/**
 * The engine's analysis with each signal's `available` as the (cut) history last saw it, and the
 * thresholds' margins and met states re-evaluated by the engine's own rule (isMet); the replay is
 * kept only for signals met then. Signals without a sample keep today's value.
 */
function analysisAt(live: AnalyzeOutput, history: HistorySeries): AnalyzeOutput {
  const signals: SignalReport[] = live.signals.map((s) => {
    const v = valueAt(history, s.signal);
    if (v == null) return s;
    const observed = { [s.signal]: { available: v, capacity: s.capacity } };
    return {
      ...s,
      available: v,
      thresholds: s.thresholds.map((t) => {
        const cfg = live.thresholds.find((x) => x.signal === s.signal && x.kind === t.kind);
        return { ...t, margin: v - t.value, met: cfg ? isMet(cfg, observed) : t.value > v };
      }),
    };
  });
  const met = new Set(signals.filter((s) => s.thresholds.some((t) => t.met)).map((s) => s.signal));
  const conditions = { MemoryPressure: false, DiskPressure: false, PIDPressure: false };
  for (const s of met) conditions[signalCondition(s)] = true;
  return { ...live, signals, conditions, replay: live.replay.filter((r) => met.has(r.signal)) };
}

/** The node's conditions as they stood at `at`, from the transition history Headroom recorded. */
function conditionsAt(d: Pick<NodeDetail, "conditions" | "conditionHistory">, at: number): ConditionLike[] {
  const out: ConditionLike[] = [];
  for (const c of d.conditions) {
    const since = c.lastTransitionTime ? Date.parse(c.lastTransitionTime) : NaN;
    if (!Number.isNaN(since) && since <= at) {
      out.push(c);
      continue;
    }
    // it changed after `at`: the last recorded transition before `at` says what it was
    const before = d.conditionHistory.filter((h) => h.type === c.type && Date.parse(h.time) <= at).at(-1);
    if (before) out.push({ type: c.type, status: before.status, lastTransitionTime: before.time });
  }
  return out;
}

export interface PinnedView {
  at: number;
  history: HistorySeries;
  result: AnalyzeOutput;
  forecast: NodeForecast;
}

/** The node as of `at` from `history` (the ring's or Prometheus's), through the forecast entry point. */
export function pinnedView(d: NodeDetail, live: AnalyzeOutput, history: HistorySeries, at: number): PinnedView {
  const cut = historyUntil(history, at);
  const result = analysisAt(live, cut);
  const evictions = d.evictions.filter((e: EvictionRecord) => e.time != null && Date.parse(e.time) <= at);
  const forecast = forecastNode({
    now: at,
    result,
    history: cut,
    conditions: conditionsAt(d, at),
    evictions,
    pods: d.pods as Pod[],
    transitionPeriodSeconds: transitionPeriodOf(d.kubeletConfig, d.kubeletFlags),
  });
  return { at, history: cut, result, forecast };
}
