"use client";

import { useQuery } from "@tanstack/react-query";
import { useDeferredValue } from "react";

import type { NodeDetail } from "@/lib/dto";
import { analyze, parseAnalyzeInput, type Pod } from "@/lib/eviction";
import { forecastNode, transitionPeriodOf, type NodeForecast } from "@/lib/forecast";
import { nodeOptions } from "@/lib/queries";

// One forecast per node document, shared by the verdict and the signal panels.
const forecasts = new WeakMap<NodeDetail, NodeForecast | null>();

function forecastOf(d: NodeDetail): NodeForecast | null {
  if (forecasts.has(d)) return forecasts.get(d)!;
  let fc: NodeForecast | null = null;
  try {
    const result = analyze(
      parseAnalyzeInput({
        node: d.node,
        pods: d.pods,
        summary: d.summary,
        kubeletConfig: d.kubeletConfig,
        kubeletFlags: d.kubeletFlags,
      }),
    );
    fc = forecastNode({
      now: Date.parse(d.generatedAt),
      result,
      history: d.history,
      conditions: d.conditions,
      evictions: d.evictions,
      pods: d.pods as Pod[],
      transitionPeriodSeconds: transitionPeriodOf(d.kubeletConfig, d.kubeletFlags),
    });
  } catch {
    // the page already shows why the node's data cannot be analyzed
  }
  forecasts.set(d, fc);
  return fc;
}

export interface LiveForecast {
  forecast: NodeForecast | null;
  /** When the document arrived (browser ms): countdowns add the time elapsed since (components/ui/ticking.tsx). */
  receivedAt: number;
  collection: NodeDetail["row"]["collection"] | null;
}

/** The live forecast of a node (its own settings, never a what-if). It does not tick: the countdowns do, in small leaves. */
export function useNodeForecast(name: string | null): LiveForecast {
  const { data: polled, dataUpdatedAt } = useQuery({ ...nodeOptions(name ?? ""), enabled: !!name });
  // the forecast re-runs the engine: a deferred render, in slices (as the node page's)
  const data = useDeferredValue(polled);
  return { forecast: data ? forecastOf(data) : null, receivedAt: dataUpdatedAt, collection: data?.row.collection ?? null };
}
