"use client";

import { useQuery } from "@tanstack/react-query";
import { useDeferredValue } from "react";

import type { NodeDetail } from "@/lib/dto";
import { analyze, parseAnalyzeInput, type Node, type Pod } from "@/lib/eviction";
import { forecastNode, transitionPeriodOf, type NodeForecast } from "@/lib/forecast";
import { reachability, taintForecast, type Reachability, type TaintForecast } from "@/lib/forecast/stale-node";
import { nodeOptions } from "@/lib/queries";

/** A node that stopped reporting: what is known instead of a forecast (lib/forecast/stale-node.ts). */
export interface StaleNode {
  reach: Reachability;
  taints: TaintForecast | null;
}

// One forecast per node document, shared by the verdict and the signal panels.
const forecasts = new WeakMap<NodeDetail, NodeForecast | null>();
const stales = new WeakMap<NodeDetail, StaleNode | null>();

function staleOf(d: NodeDetail): StaleNode | null {
  if (stales.has(d)) return stales.get(d)!;
  const reach = reachability({
    now: Date.parse(d.generatedAt),
    ready: d.conditions.find((c) => c.type === "Ready") ?? null,
    lease: d.lease,
    collection: d.row.collection,
  });
  const stale = reach && { reach, taints: taintForecast((d.node as Node).spec?.taints ?? [], d.pods as Pod[]) };
  stales.set(d, stale);
  return stale;
}

function forecastOf(d: NodeDetail): NodeForecast | null {
  if (forecasts.has(d)) return forecasts.get(d)!;
  let fc: NodeForecast | null = null;
  try {
    // no signal forecast from the stats of a node that stopped reporting: the headline says what is known
    if (!staleOf(d)) {
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
    }
  } catch {
    // the page already shows why the node's data cannot be analyzed
  }
  forecasts.set(d, fc);
  return fc;
}

export interface LiveForecast {
  forecast: NodeForecast | null;
  /** The node document's time (cluster ms), null before it arrives. */
  documentTime: number | null;
  /** When the document arrived (browser ms): countdowns add the time elapsed since (components/ui/ticking.tsx). */
  receivedAt: number;
  collection: NodeDetail["row"]["collection"] | null;
  /** Set when the node stopped reporting: then `forecast` is null. */
  stale: StaleNode | null;
}

/** The live forecast of a node (its own settings, never a what-if). It does not tick: the countdowns do, in small leaves. */
export function useNodeForecast(name: string | null): LiveForecast {
  const { data: polled, dataUpdatedAt } = useQuery({ ...nodeOptions(name ?? ""), enabled: !!name });
  // the forecast re-runs the engine: a deferred render, in slices (as the node page's)
  const data = useDeferredValue(polled);
  return {
    forecast: data ? forecastOf(data) : null,
    documentTime: data ? Date.parse(data.generatedAt) : null,
    receivedAt: dataUpdatedAt,
    collection: data?.row.collection ?? null,
    stale: data ? staleOf(data) : null,
  };
}
