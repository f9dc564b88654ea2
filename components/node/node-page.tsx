"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { InvalidParamsNote } from "@/components/dashboard/invalid-params-note";
import { useUrlState } from "@/components/dashboard/use-url-state";
import { WhatIfPanel } from "@/components/whatif/what-if-panel";
import { analyze, parseAnalyzeInput, withWhatIf } from "@/lib/eviction";
import { parseCapacity } from "@/lib/eviction/allocatable";
import type { Node, Pod, ResourceList, Summary } from "@/lib/eviction/k8s-types";
import type { AnalyzeOutput } from "@/lib/eviction/types";
import { cn, formatAge } from "@/lib/format";
import { HttpError, nodeOptions } from "@/lib/queries";
import { timed } from "@/lib/perf";
import { hasWhatIf, toEngineWhatIf } from "@/lib/url-state";
import { CapacityBreakdown } from "./capacity-breakdown";
import { CgroupTable } from "./cgroup-table";
import { ConditionsPanel } from "./conditions-panel";
import { EvictionsTable } from "./evictions-table";
import { KubeletConfigPanel } from "./kubelet-config-panel";
import { NodeEmbed } from "./node-embed";
import { requestedByPods, usedFromSummary } from "./node-usage";
import { RankingTabs } from "./ranking-tabs";
import { SignalPanels } from "./signal-panels";

type Run<T> = { out: T | null; error: string | null };

/** Runs an engine call, keeping its error message (the page shows it) instead of throwing. */
function run<T>(f: () => T): Run<T> {
  try {
    return { out: f(), error: null };
  } catch (e) {
    return { out: null, error: (e as Error).message };
  }
}

/** Reads a node status resource map as engine numbers (cpu in millicores), so comparisons are like for like. */
function amounts(node: Record<string, unknown>, key: "capacity" | "allocatable"): Record<string, number> {
  try {
    return parseCapacity(((node as Node).status?.[key] ?? {}) as ResourceList);
  } catch {
    return {};
  }
}

/** The node page: capacity, signals, what-if, ranking, evictions, conditions, settings. */
export function NodePage({ name }: { name: string }) {
  const { data, error, isPending } = useQuery(nodeOptions(name));
  const { state, invalid, setState } = useUrlState();
  const input = useMemo(() => (data ? { node: data.node, pods: data.pods, summary: data.summary, kubeletConfig: data.kubeletConfig, kubeletFlags: data.kubeletFlags } : null), [data]);
  // The contract input is validated once per node document; a what-if re-runs only `analyze`.
  const parsed = useMemo(() => (input ? run(() => parseAnalyzeInput(input)) : null), [input]);
  const live = useMemo((): Run<AnalyzeOutput> | null => (parsed?.out ? run(() => analyze(parsed.out!)) : parsed && { out: null, error: parsed.error }), [parsed]);
  const engineWhatIf = useMemo(() => toEngineWhatIf(state.whatIf), [state.whatIf]);
  const next = useMemo(
    () => (parsed?.out && hasWhatIf(state.whatIf) ? timed("headroom:what-if-node", () => run(() => analyze(withWhatIf(parsed.out!, engineWhatIf)))) : null),
    [parsed, state.whatIf, engineWhatIf],
  );
  const pods = useMemo(() => (data?.pods ?? []) as Pod[], [data]);
  const requested = useMemo(() => requestedByPods(pods), [pods]);

  if (isPending) return <p role="status">Loading {name}…</p>;
  if (error) return <p role="alert" className="text-red-600">{error instanceof HttpError && error.status === 404 ? `No node named ${name} in this cluster.` : `Could not load ${name}: ${error.message}`}</p>;
  if (!live?.out) return <p role="alert" className="text-red-600">The node's data could not be analyzed: {live?.error}</p>;
  const view = next?.out ?? live.out;
  const row = data.row;
  const capacity = amounts(data.node, "capacity");
  // The kubelet's own report (it keeps a condition for the transition period after recovery);
  // under a what-if, the engine's view of the changed settings.
  const pressure = next?.out
    ? Object.entries(next.out.conditions).filter(([, v]) => v).map(([c]) => c)
    : data.conditions.filter((c) => c.type.endsWith("Pressure") && c.status === "True").map((c) => c.type);
  const cfg = (data.kubeletConfig ?? {}) as { imageGCHighThresholdPercent?: number; imageGCLowThresholdPercent?: number };
  if (state.embed) {
    const breakdown = { capacity, reported: amounts(data.node, "allocatable"), result: view, liveAllocatable: live.out.allocatable, requested, used: usedFromSummary(data.summary as Summary | null) };
    return <NodeEmbed row={row} live={live.out} next={next} view={view} history={data.history} imageGc={{ high: cfg.imageGCHighThresholdPercent ?? 85, low: cfg.imageGCLowThresholdPercent ?? 80 }} pods={pods} breakdown={breakdown} pressure={pressure} state={state} setState={setState} invalid={invalid} />;
  }
  return (
    <div className="space-y-6">
      <InvalidParamsNote invalid={invalid} />
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="font-mono text-2xl font-semibold">{row.name}</h1>
        {row.pool && <span className="text-sm text-zinc-500">pool {row.pool}</span>}
        <span className={cn("rounded px-2 py-0.5 text-sm", row.ready === "True" ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200" : "bg-red-100 text-red-900")}>{row.ready === "True" ? "Ready" : "NotReady"}</span>
        {pressure.map((c) => (
          <span key={c} data-testid="pressure-badge" className="rounded bg-red-600 px-2 py-0.5 text-sm text-white">{c}{next?.out ? " (what-if)" : ""}</span>
        ))}
        <span className="text-sm text-zinc-500">lease renewed {formatAge(row.leaseAgeSeconds)} ago · stats {row.collection.state === "ok" ? `${formatAge(row.collection.ageSeconds)} old` : row.collection.state}{row.collection.error ? `: ${row.collection.error}` : ""}</span>
      </header>
      <CapacityBreakdown capacity={capacity} reported={amounts(data.node, "allocatable")} result={view} liveAllocatable={live.out.allocatable} requested={requested} used={usedFromSummary(data.summary as Summary | null)} />
      <WhatIfPanel nodeName={row.name} pool={row.pool} live={live.out} next={next?.out ?? null} nextError={next?.error ?? null} pods={pods} capacity={capacity} requested={requested} state={state} setState={setState} />
      <SignalPanels result={view} history={data.history} imageGc={{ high: cfg.imageGCHighThresholdPercent ?? 85, low: cfg.imageGCLowThresholdPercent ?? 80 }} />
      <RankingTabs result={view} pods={pods} signal={state.signal} onSignal={(s) => setState((x) => ({ ...x, signal: s }))} />
      <EvictionsTable evictions={data.evictions} />
      <ConditionsPanel detail={data} />
      <KubeletConfigPanel detail={data} result={view} />
      <CgroupTable pods={pods} result={view} />
    </div>
  );
}
