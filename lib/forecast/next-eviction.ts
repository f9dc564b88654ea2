// The fleet table's "next eviction": the same node forecast, computed on the server from the
// history the cache holds, reduced to the soonest expected eviction.
import type { EvictionRecord, HistorySeries, NodeRow } from "@/lib/contract/dto";
import { imageGcThresholds, type AnalyzeOutput, type Pod } from "@/lib/eviction";

import { forecastNode, transitionPeriodOf, type ConditionLike } from "./node-forecast";
import type { ImageList } from "./node-images";
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
  /** The node's pods: their restarts and deletions cut the trend (breaks.ts). */
  pods?: readonly Pod[];
  /** The Node now: its status.images tell the unused image bytes (node-images.ts). */
  node?: ImageList | null;
}

/** What the fleet row shows of a node's forecast: the soonest expected eviction and the latest-clearing condition hold. */
export function fleetForecast(input: NextEvictionInput): Pick<NodeRow, "nextEviction" | "pressureHold"> {
  const period = transitionPeriodOf(input.kubeletConfig, input.kubeletFlags);
  const slots = Math.max(RATE_WINDOW_SAMPLES, Math.ceil(period / input.intervalSeconds)) + 1;
  // which pods are critical moves no time; the pods' restarts and deletions do
  const fc = forecastNode({
    pods: input.pods,
    now: input.now,
    result: input.result,
    history: input.history(slots),
    conditions: input.conditions,
    evictions: input.evictions,
    transitionPeriodSeconds: period,
    // the node's own image GC marks, as the node page uses them: the same "at the earliest" in both
    imageGc: imageGcThresholds(input.kubeletConfig),
    node: input.node,
  });
  const hold = fc.holds.reduce<(typeof fc.holds)[number] | null>((a, h) => (a == null || h.clearsAt > a.clearsAt ? h : a), null);
  return {
    nextEviction: fc.next
      ? { at: fc.next.at, signal: fc.next.signal, because: fc.next.because, ...(fc.next.lowerBound ? { lowerBound: true } : {}) }
      : null,
    pressureHold: hold ? { condition: hold.condition, clearsAt: hold.clearsAt } : null,
  };
}
