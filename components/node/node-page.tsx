"use client";

import { InvalidParamsNote } from "@/components/dashboard/invalid-params-note";
import { ErrorNote } from "@/components/ui/error-note";
import { NodeViewContext } from "@/components/ui/view-label";
import { WhatIfPanel } from "@/components/whatif/what-if-panel";
import { HttpError } from "@/lib/client/cluster-query";
import { cn } from "@/lib/format";
import { breakdownOf, cardsViewOf, imageGcMarks } from "@/lib/node-view";
import { reportedPressure } from "@/lib/whatif/node";

import { forensicSections } from "./forensic-sections";
import { LiveVerdict } from "./live-verdict";
import { NodeEmbed } from "./node-embed";
import { NodeHeader } from "./node-header";
import { NodeSections } from "./node-sections";
import { PinnedBanner } from "./pinned-banner";
import { useNodePage } from "./use-node-page";

/**
 * The node page, in the order of an operator's questions: is it in trouble (header, verdict), how
 * close is each signal, who goes first, where capacity goes, then history and settings. The what-if
 * is a side panel, so opening it never pushes the signals down. Its data and the engine's runs come
 * from useNodePage; this only renders.
 */
export function NodePage({ name }: { name: string }) {
  const p = useNodePage(name);
  const { data, state, setState, live, next, open, changed } = p;
  if (p.isPending) return <p role="status">Loading {name}…</p>;
  if (p.error)
    return (
      <ErrorNote>
        {p.error instanceof HttpError && p.error.status === 404
          ? `No node named ${name} in this cluster.`
          : `Could not load ${name}: ${p.error.message}`}
      </ErrorNote>
    );
  if (!data) return <p role="status">Loading {name}…</p>;
  if (!live?.out) return <ErrorNote>The node&apos;s data could not be analyzed: {live?.error}</ErrorNote>;
  const row = data.row;
  // The kubelet's own report (it keeps a condition for the transition period after recovery), also
  // under a what-if: the header is live, like the headline; the what-if panel says what would change.
  const pressure = reportedPressure(data);
  const whatIfPanel = open && (
    <WhatIfPanel
      detail={data}
      live={live.out}
      next={next?.out ?? null}
      nextError={next?.error ?? null}
      whatIf={p.engineWhatIf}
      capacity={p.capacity}
      state={state}
      setState={setState}
      focusOnOpen={p.openedByButton}
    />
  );
  if (state.embed) {
    const view = p.view!;
    return (
      <NodeViewContext.Provider value={cardsViewOf({ pinned: false, showsLive: !next?.out, open, changed })}>
        <NodeEmbed
          row={row}
          view={view}
          history={data.history}
          imageGc={imageGcMarks(data.kubeletConfig)}
          pods={p.pods}
          breakdown={breakdownOf(data, view, live.out, p.capacity, p.requested)}
          pressure={pressure}
          state={state}
          setState={setState}
          invalid={p.invalid}
          verdict={<LiveVerdict name={row.name} />}
          forensics={forensicSections({ data, result: view, live: live.out, memoryCapacity: p.capacity.memory })}
          whatIf={{ open, changed, toggle: p.toggleWhatIf, panel: whatIfPanel }}
        />
      </NodeViewContext.Provider>
    );
  }
  // which state the cards show (components/ui/view-label.tsx); a pinned view (`at=`) is neither:
  // its cards are the moment's, which the banner and the forecast headings say
  const cardsView = cardsViewOf({ pinned: p.pinned.kind === "pinned", showsLive: p.sectionsShowLive, open, changed });
  return (
    <div className={cn(open && "xl:grid xl:grid-cols-[minmax(0,1fr)_30rem] xl:items-start xl:gap-6")}>
      <div className="min-w-0 space-y-6">
        <InvalidParamsNote invalid={p.invalid} />
        <NodeHeader
          row={row}
          pressure={pressure}
          state={state}
          open={open}
          changed={changed}
          onToggleWhatIf={p.toggleWhatIf}
          newest={Date.parse(data.generatedAt)}
        />
        <PinnedBanner pinned={p.pinned} state={state} />
        <LiveVerdict name={row.name} />
        <NodeViewContext.Provider value={cardsView}>
          <NodeSections
            data={data}
            view={p.deferredView}
            live={live.out}
            pods={p.pods}
            requested={p.requested}
            capacity={p.capacity}
            signal={state.signal}
            setState={setState}
          />
        </NodeViewContext.Provider>
      </div>
      {whatIfPanel}
    </div>
  );
}
