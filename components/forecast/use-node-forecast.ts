"use client";

import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useDeferredValue, useMemo } from "react";

import { historyOptions, nodeOptions } from "@/lib/client/queries";
import { parseAt } from "@/lib/client/url-state";
import type { HistorySeries, NodeDetail } from "@/lib/contract/dto";
import { RANGE_NAMES, RANGES, toHistorySeries, type HistoryDoc, type RangeName } from "@/lib/contract/history";
import { analyze, imageGcThresholds, parseAnalyzeInput, type AnalyzeOutput, type Node, type Pod } from "@/lib/eviction";
import { forecastNode, transitionPeriodOf, type NodeForecast } from "@/lib/forecast";
import type { ImageList } from "@/lib/forecast/node-images";
import { covers, pinnedView, type PinnedView } from "@/lib/forecast/pinned-view";
import { reachability, taintForecast, type Reachability, type TaintForecast } from "@/lib/forecast/stale-node";
import { formatTime } from "@/lib/format";

// One analysis and one forecast per node document, shared by the verdict and the signal panels.
const analyses = new WeakMap<NodeDetail, AnalyzeOutput | null>();

/** A node that stopped reporting: what is known instead of a forecast (lib/forecast/stale-node.ts). */
export interface StaleNode {
  reach: Reachability;
  taints: TaintForecast | null;
}

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

function analysisOf(d: NodeDetail): AnalyzeOutput | null {
  if (analyses.has(d)) return analyses.get(d)!;
  let result: AnalyzeOutput | null = null;
  try {
    result = analyze(
      parseAnalyzeInput({
        node: d.node,
        pods: d.pods,
        summary: d.summary,
        kubeletConfig: d.kubeletConfig,
        kubeletFlags: d.kubeletFlags,
      }),
    );
  } catch {
    // the page already shows why the node's data cannot be analyzed
  }
  analyses.set(d, result);
  return result;
}

function forecastOf(d: NodeDetail): NodeForecast | null {
  if (forecasts.has(d)) return forecasts.get(d)!;
  // no signal forecast from the stats of a node that stopped reporting: the headline says what is known
  const result = staleOf(d) ? null : analysisOf(d);
  const fc = result
    ? forecastNode({
        now: Date.parse(d.generatedAt),
        result,
        history: d.history,
        conditions: d.conditions,
        evictions: d.evictions,
        pods: d.pods as Pod[],
        transitionPeriodSeconds: transitionPeriodOf(d.kubeletConfig, d.kubeletFlags),
        // the node's own image GC marks and its images, as the fleet row uses them
        imageGc: imageGcThresholds(d.kubeletConfig),
        node: d.node as ImageList,
      })
    : null;
  forecasts.set(d, fc);
  return fc;
}

/** What a pinned link (`at=`) shows: live, the view as of then, its history on the way, or why there is none. */
export type Pinned =
  | { kind: "live" }
  | { kind: "pinned"; view: PinnedView; source: "memory" | "prometheus" }
  | { kind: "loading"; at: number }
  | { kind: "outside"; at: number; note: string };

export interface LiveForecast {
  forecast: NodeForecast | null;
  /** When the document arrived (browser ms): countdowns add the time elapsed since (components/ui/ticking.tsx); null = pinned, the clock stands still. */
  receivedAt: number | null;
  collection: NodeDetail["row"]["collection"] | null;
  pinned: Pinned;
  /** The node document's time (cluster ms), null before it arrives. */
  documentTime: number | null;
  /** Set when the node stopped reporting: then `forecast` is null (live view only). */
  stale: StaleNode | null;
}

/** The shortest chart range that reaches back to `at` from `now`; null past the longest. */
function rangeReaching(at: number, now: number): RangeName | null {
  return RANGE_NAMES.find((r) => now - RANGES[r] * 1000 <= at) ?? null;
}

/** Why a moment has no pinned view: after the newest data, past the longest range, or before the oldest sample either source holds. */
function outsideNote(at: number, d: NodeDetail, range: RangeName | null, older: HistoryDoc | undefined): string {
  const newest = Date.parse(d.generatedAt);
  if (at > newest)
    return `${formatTime(at)} is after the newest data on this node (${formatTime(newest)}), so there is nothing to show as of then yet. Showing the live view.`;
  const ring = d.history
    ? `Headroom's in-memory history of this node starts at ${formatTime(d.history.start)}`
    : "Headroom holds no history of this node yet";
  const longest = RANGE_NAMES.at(-1)!;
  const further =
    range == null
      ? `and history is read at most ${longest} back`
      : older?.source === "prometheus"
        ? `and Prometheus holds it from ${formatTime(older.from * 1000)}`
        : older?.prometheusError
          ? `and Prometheus did not answer (${older.prometheusError})`
          : "and no Prometheus is configured to reach further back";
  return `No history of this node as of ${formatTime(at)}: ${ring}, ${further}. Showing the live view.`;
}

function usePinned(d: NodeDetail | undefined, at: number | null): Pinned {
  const name = d?.row.name ?? "";
  const newest = d ? Date.parse(d.generatedAt) : 0;
  const inRing = d != null && at != null && at <= newest && covers(d.history, at);
  const range = d && at != null && !inRing && at <= newest ? rangeReaching(at, newest) : null;
  const older = useQuery({ ...historyOptions(name, range ?? "1h"), enabled: range != null, refetchInterval: false });
  const olderSeries = useMemo((): HistorySeries | null => (older.data ? toHistorySeries(older.data) : null), [older.data]);
  return useMemo((): Pinned => {
    if (!d || at == null) return { kind: "live" };
    const live = analysisOf(d);
    if (!live) return { kind: "live" };
    if (inRing) return { kind: "pinned", view: pinnedView(d, live, d.history!, at), source: "memory" };
    if (range != null && older.isPending) return { kind: "loading", at };
    if (range != null && olderSeries && covers(olderSeries, at))
      return { kind: "pinned", view: pinnedView(d, live, olderSeries, at), source: older.data!.source };
    return {
      kind: "outside",
      at,
      note: outsideNote(at, d, range, range != null ? older.data : undefined),
    };
  }, [d, at, inRing, range, older.isPending, older.data, olderSeries]);
}

/** The node's forecast (its own settings, never a what-if): live, or as of the link's `at=`. It does not tick: the countdowns do, in small leaves. */
export function useNodeForecast(name: string | null): LiveForecast {
  const { data: polled, dataUpdatedAt } = useQuery({ ...nodeOptions(name ?? ""), enabled: !!name });
  // the forecast re-runs the engine: a deferred render, in slices (as the node page's)
  const data = useDeferredValue(polled);
  const atParam = useSearchParams().get("at");
  const pinned = usePinned(data, atParam ? parseAt(atParam) : null);
  if (pinned.kind === "pinned")
    return {
      forecast: pinned.view.forecast,
      documentTime: pinned.view.forecast?.now ?? null,
      receivedAt: null,
      collection: data?.row.collection ?? null,
      pinned,
      stale: null,
    };
  return {
    forecast: data ? forecastOf(data) : null,
    documentTime: data ? Date.parse(data.generatedAt) : null,
    receivedAt: dataUpdatedAt,
    collection: data?.row.collection ?? null,
    pinned,
    stale: data ? staleOf(data) : null,
  };
}
