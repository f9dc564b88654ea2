"use client";

import { useQuery } from "@tanstack/react-query";
import { memo, useDeferredValue, useMemo, useState } from "react";

import { InvalidParamsNote } from "@/components/dashboard/invalid-params-note";
import { useUrlState } from "@/components/dashboard/use-url-state";
import { NodeFindings } from "@/components/findings/node-findings";
import { useNodeForecast } from "@/components/forecast/use-node-forecast";
import { ErrorNote } from "@/components/ui/error-note";
import { NodeViewContext, type NodeView } from "@/components/ui/view-label";
import { useSettledValue } from "@/components/whatif/use-settled-value";
import { WHAT_IF_PANEL_ID, WhatIfPanel } from "@/components/whatif/what-if-panel";
import { timed } from "@/lib/client/perf";
import { HttpError, nodeOptions } from "@/lib/client/queries";
import { hasWhatIf, toEngineWhatIf, whatIfOpen, type UrlState } from "@/lib/client/url-state";
import type { NodeDetail } from "@/lib/contract/dto";
import {
  analyze,
  imageGcThresholds,
  parseAnalyzeInput,
  parseCapacity,
  requestedTotals,
  usedFromSummary,
  withWhatIf,
  type AnalyzeOutput,
  type Node,
  type Pod,
} from "@/lib/eviction";
import { cn, formatAge } from "@/lib/format";
import { detailInput, reportedPressure } from "@/lib/whatif/node";
import { rowStatus } from "@/lib/words/node-status";

import { CapacityBreakdown } from "./capacity-breakdown";
import { CgroupTable } from "./cgroup-table";
import { ConditionsPanel } from "./conditions-panel";
import { forensicSections } from "./forensic-sections";
import { KubeletConfigPanel } from "./kubelet-config-panel";
import { LiveVerdict } from "./live-verdict";
import { NodeEmbed } from "./node-embed";
import { NodeEventsPanel } from "./node-events-panel";
import { CopyLinks, PinnedBanner } from "./pinned-banner";
import { RankingTabs } from "./ranking-tabs";
import { SignalPanels } from "./signal-panels";
import { TaintsPanel } from "./taints-panel";

/** The node's image GC marks as the signal charts draw them: the engine's reading of its kubelet config. */
function imageGcMarks(kubeletConfig: unknown): { high: number; low: number } {
  const gc = imageGcThresholds(kubeletConfig);
  return { high: gc.highPercent, low: gc.lowPercent };
}

// Long enough that key presses a person makes in a row (and Playwright's, on a busy machine) do not
// redraw the charts between two of them.
const SECTIONS_SETTLE_MS = 400;

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
function amounts(node: Node, key: "capacity" | "allocatable"): Record<string, number> {
  try {
    return parseCapacity(node.status?.[key] ?? {});
  } catch {
    return {};
  }
}

interface SectionsProps {
  data: NodeDetail;
  view: AnalyzeOutput | null;
  live: AnalyzeOutput;
  pods: Pod[];
  requested: Record<string, number>;
  capacity: Record<string, number>;
  signal: UrlState["signal"];
  setState: (f: (s: UrlState) => UrlState) => void;
}

/** Signals with margins and charts → eviction order → capacity → the rest; memoized, so a what-if tick re-renders it only once its deferred view arrives. */
const NodeSections = memo(function NodeSections({
  data,
  view,
  live,
  pods,
  requested,
  capacity,
  signal,
  setState,
}: SectionsProps) {
  const result = view ?? live;
  const forensics = forensicSections({ data, result, live, memoryCapacity: capacity.memory });
  return (
    <>
      <SignalPanels result={result} history={data.history} imageGc={imageGcMarks(data.kubeletConfig)} />
      {forensics.pressure}
      <RankingTabs result={result} pods={pods} signal={signal} onSignal={(s) => setState((x) => ({ ...x, signal: s }))} />
      {forensics["oom-order"]}
      <NodeFindings node={data.row.name} at="before-capacity" />
      <CapacityBreakdown
        capacity={capacity}
        reported={amounts(data.node, "allocatable")}
        result={result}
        liveAllocatable={live.allocatable}
        requested={requested}
        used={usedFromSummary(data.summary)}
      />
      <NodeFindings node={data.row.name} at="after-capacity" />
      {forensics.terminations}
      <TaintsPanel detail={data} />
      <ConditionsPanel detail={data} />
      <NodeEventsPanel detail={data} />
      <KubeletConfigPanel detail={data} result={result} />
      <CgroupTable pods={pods} result={result} />
    </>
  );
});

/**
 * The node page, in the order of an operator's questions: is it in trouble (header, verdict), how
 * close is each signal, who goes first, where capacity goes, then history and settings. The what-if
 * is a side panel, so opening it never pushes the signals down.
 */
export function NodePage({ name }: { name: string }) {
  const { data: polled, error, isPending } = useQuery(nodeOptions(name));
  // A new node document (every 10 s) re-renders the whole page: as a deferred render it is done in
  // slices, so it never becomes one long task between two steps of a what-if slider.
  const data = useDeferredValue(polled);
  const { state, invalid, setState } = useUrlState();
  // a pinned link (`at=`): the signals as of then (lib/forecast/pinned-view.ts); what-ifs apply to the live view only
  const { pinned } = useNodeForecast(name);
  const input = useMemo(() => (data ? detailInput(data) : null), [data]);
  // The contract input is validated once per node document; a what-if re-runs only `analyze`.
  const parsed = useMemo(() => (input ? run(() => parseAnalyzeInput(input)) : null), [input]);
  const live = useMemo(
    (): Run<AnalyzeOutput> | null =>
      parsed?.out ? run(() => analyze(parsed.out!)) : parsed && { out: null, error: parsed.error },
    [parsed],
  );
  const engineWhatIf = useMemo(() => toEngineWhatIf(state.whatIf), [state.whatIf]);
  const next = useMemo(
    () =>
      parsed?.out && hasWhatIf(state.whatIf)
        ? timed("headroom:what-if-node", () => run(() => analyze(withWhatIf(parsed.out!, engineWhatIf))))
        : null,
    [parsed, state.whatIf, engineWhatIf],
  );
  const pods = useMemo(() => data?.pods ?? [], [data]);
  const requested = useMemo(() => requestedTotals(pods), [pods]);

  const view = pinned.kind === "pinned" ? pinned.view.result : (next?.out ?? live?.out ?? null);
  // The sections below the header (charts, rankings, tables) follow a what-if once the slider rests:
  // the slider, its box and the verdict repaint on every step (interaction to next paint).
  const deferredView = useSettledValue(view, SECTIONS_SETTLE_MS);
  const capacity = useMemo(() => (data ? amounts(data.node, "capacity") : {}), [data]);
  const [openedByButton, setOpenedByButton] = useState(false);

  if (isPending) return <p role="status">Loading {name}…</p>;
  if (error)
    return (
      <ErrorNote>
        {error instanceof HttpError && error.status === 404
          ? `No node named ${name} in this cluster.`
          : `Could not load ${name}: ${error.message}`}
      </ErrorNote>
    );
  if (!data) return <p role="status">Loading {name}…</p>;
  if (!live?.out) return <ErrorNote>The node&apos;s data could not be analyzed: {live?.error}</ErrorNote>;
  const row = data.row;
  const open = whatIfOpen(state);
  // The kubelet's own report (it keeps a condition for the transition period after recovery), also
  // under a what-if: the header is live, like the headline; the what-if panel says what would change.
  const pressure = reportedPressure(data);
  // which state the cards show: labelled while the panel is open or a what-if is set (components/ui/view-label.tsx)
  // A pinned view (`at=`) is neither: its cards are the moment's, which the banner and the forecast headings say.
  const cardsView: NodeView | null =
    pinned.kind === "pinned" ? null : deferredView !== live.out ? "what-if" : open || hasWhatIf(state.whatIf) ? "live" : null;
  const whatIfPanel = open && (
    <WhatIfPanel
      detail={data}
      live={live.out}
      next={next?.out ?? null}
      nextError={next?.error ?? null}
      whatIf={engineWhatIf}
      capacity={capacity}
      state={state}
      setState={setState}
      focusOnOpen={openedByButton}
    />
  );
  const toggleWhatIf = () => {
    setOpenedByButton(!open);
    setState((s) => ({ ...s, whatIfPanel: open ? "closed" : "open" }));
  };
  if (state.embed) {
    const breakdown = {
      capacity,
      reported: amounts(data.node, "allocatable"),
      result: view!,
      liveAllocatable: live.out.allocatable,
      requested,
      used: usedFromSummary(data.summary),
    };
    return (
      <NodeViewContext.Provider value={next?.out ? "what-if" : open || hasWhatIf(state.whatIf) ? "live" : null}>
        <NodeEmbed
          row={row}
          view={view!}
          history={data.history}
          imageGc={imageGcMarks(data.kubeletConfig)}
          pods={pods}
          breakdown={breakdown}
          pressure={pressure}
          state={state}
          setState={setState}
          invalid={invalid}
          verdict={<LiveVerdict name={row.name} />}
          forensics={forensicSections({ data, result: view!, live: live.out, memoryCapacity: capacity.memory })}
          whatIf={{ open, changed: hasWhatIf(state.whatIf), toggle: toggleWhatIf, panel: whatIfPanel }}
        />
      </NodeViewContext.Provider>
    );
  }
  return (
    <div className={cn(open && "xl:grid xl:grid-cols-[minmax(0,1fr)_30rem] xl:items-start xl:gap-6")}>
      <div className="min-w-0 space-y-6">
        <InvalidParamsNote invalid={invalid} />
        <header className="flex flex-wrap items-center gap-3">
          <h1 className="font-mono text-2xl font-semibold break-all">{row.name}</h1>
          {row.pool && <span className="text-sm text-zinc-600 dark:text-zinc-400">pool {row.pool}</span>}
          <span
            className={cn(
              "rounded px-2 py-0.5 text-sm",
              row.ready === "True"
                ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200"
                : "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
            )}
          >
            {rowStatus(row).label}
          </span>
          {pressure.map((c) => (
            <span key={c} data-testid="pressure-badge" className="rounded bg-red-600 px-2 py-0.5 text-sm text-white">
              {c}
            </span>
          ))}
          <span className="text-sm text-zinc-600 dark:text-zinc-400">
            lease renewed {formatAge(row.leaseAgeSeconds)} ago · stats{" "}
            {row.collection.state === "ok" ? `${formatAge(row.collection.ageSeconds)} old` : row.collection.state}
            {row.collection.error ? `: ${row.collection.error}` : ""}
          </span>
          <button
            type="button"
            className={cn(
              "ml-auto rounded border px-3 py-1 text-sm font-medium",
              open ? "border-blue-600 bg-blue-600 text-white" : "border-blue-600 text-blue-800 dark:text-blue-200",
              hasWhatIf(state.whatIf) && !open && "ring-2 ring-blue-400",
            )}
            aria-expanded={open}
            aria-controls={WHAT_IF_PANEL_ID}
            onClick={toggleWhatIf}
          >
            What if…{hasWhatIf(state.whatIf) ? " (changed)" : ""}
          </button>
          <CopyLinks state={state} newest={Date.parse(data.generatedAt)} />
        </header>
        <PinnedBanner pinned={pinned} state={state} />
        <LiveVerdict name={row.name} />
        <NodeViewContext.Provider value={cardsView}>
          <NodeSections
            data={data}
            view={deferredView}
            live={live.out}
            pods={pods}
            requested={requested}
            capacity={capacity}
            signal={state.signal}
            setState={setState}
          />
        </NodeViewContext.Provider>
      </div>
      {whatIfPanel}
    </div>
  );
}
