// The fleet table's "next eviction": the same node forecast, computed on the server from the
// history the cache holds, reduced to the soonest expected eviction.
import type { EvictionRecord, HistorySeries, NodeRow } from "@/lib/dto";
import type { AnalyzeOutput } from "@/lib/eviction/types";
import { type ConditionLike, forecastNode, transitionPeriodOf } from "./node-forecast";
import { RATE_WINDOW_SAMPLES } from "./signal-forecast";

export interface NextEvictionInput {
  now: number;
  result: AnalyzeOutput;
  conditions: readonly ConditionLike[];
  evictions: readonly EvictionRecord[];
  kubeletConfig: unknown;
  kubeletFlags: string | null;
  /** The node's history, the newest `slots` samples: enough for the rate window and the transition period. */
  history: (slots: number) => HistorySeries;
  intervalSeconds: number;
}

/** The soonest eviction the forecast expects on a node, or null (pods are not passed: no pod counts as critical here, which does not move the time). */
export function nextEviction(input: NextEvictionInput): NonNullable<NodeRow["nextEviction"]> | null {
  const period = transitionPeriodOf(input.kubeletConfig, input.kubeletFlags);
  const slots = Math.max(RATE_WINDOW_SAMPLES, Math.ceil(period / input.intervalSeconds)) + 1;
  const fc = forecastNode({
    now: input.now, result: input.result, history: input.history(slots), conditions: input.conditions,
    evictions: input.evictions, transitionPeriodSeconds: period,
  });
  return fc.next ? { at: fc.next.at, signal: fc.next.signal, because: fc.next.because } : null;
}
