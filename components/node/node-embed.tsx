"use client";

// The node view inside a portal's iframe (?embed=1): verdict, signals and eviction order first,
// then capacity, with the what-if folded away; or, with ?panel=, one panel alone so a portal can
// tile several (signals | ranking | capacity | pressure | terminations | oom-order | signal:<name>).
import type { ReactNode } from "react";

import { InvalidParamsNote } from "@/components/dashboard/invalid-params-note";
import { MUTED } from "@/components/ui/styles";
import { WHAT_IF_PANEL_ID } from "@/components/whatif/what-if-panel";
import { serializeUrlState, type InvalidParam, type UrlState } from "@/lib/client/url-state";
import type { HistorySeries, NodeRow } from "@/lib/contract/dto";
import type { AnalyzeOutput, Pod } from "@/lib/eviction";
import { cn, formatAge } from "@/lib/format";
import { rowStatus } from "@/lib/words/node-status";

import { CapacityBreakdown, type BreakdownProps } from "./capacity-breakdown";
import type { ForensicSections } from "./forensic-sections";
import { RankingTabs } from "./ranking-tabs";
import { SignalPanels } from "./signal-panels";

export interface NodeEmbedProps {
  row: Pick<NodeRow, "name" | "pool" | "ready" | "leaseAgeSeconds" | "leaseDurationSeconds" | "collection">;
  view: AnalyzeOutput;
  history: HistorySeries | null;
  imageGc: { high: number; low: number };
  pods: Pod[];
  breakdown: BreakdownProps;
  pressure: string[];
  state: UrlState;
  setState: (f: (s: UrlState) => UrlState) => void;
  invalid: InvalidParam[];
  /** The live verdict (the page's own). */
  verdict: ReactNode;
  /** PSI, terminations and the kernel's OOM order, as the full page builds them; tiles only. */
  forensics: ForensicSections;
  /** The page's what-if panel, folded away until asked for (closed by default in embeds). */
  whatIf: { open: boolean; changed: boolean; toggle: () => void; panel: ReactNode };
}

function Header({ p }: { p: NodeEmbedProps }) {
  const full = serializeUrlState({ ...p.state, embed: false, panel: null }).toString();
  return (
    <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <h1 className="font-mono text-lg font-semibold [overflow-wrap:anywhere]">{p.row.name}</h1>
      <span className={cn("text-sm", p.row.ready === "True" ? MUTED : "font-semibold text-red-700 dark:text-red-400")}>
        {rowStatus(p.row).label}
      </span>
      {p.pressure.map((c) => (
        <span key={c} data-testid="pressure-badge" className="rounded bg-red-700 px-2 py-0.5 text-sm text-white">
          {c}
        </span>
      ))}
      <span className={cn("text-xs", MUTED)}>lease {formatAge(p.row.leaseAgeSeconds)} ago</span>
      <a
        className="ml-auto text-xs text-blue-700 underline dark:text-blue-300"
        href={`/nodes/${encodeURIComponent(p.row.name)}${full ? `?${full}` : ""}`}
        target="_blank"
        rel="noreferrer"
      >
        Open in Headroom
      </a>
    </header>
  );
}

/** One panel alone, or the embed's compact page. */
export function NodeEmbed(p: NodeEmbedProps) {
  const signals = (out: AnalyzeOutput) => <SignalPanels result={out} history={p.history} imageGc={p.imageGc} />;
  const ranking = (
    <RankingTabs
      result={p.view}
      pods={p.pods}
      signal={p.state.signal}
      onSignal={(s) => p.setState((x) => ({ ...x, signal: s }))}
    />
  );
  const panel = p.state.panel;
  if (panel) {
    // Every named panel's body (the type makes a name added to lib/client/url-state.ts fail to compile until it has one).
    const named: Record<Exclude<NonNullable<UrlState["panel"]>, `signal:${string}`>, ReactNode> = {
      signals: signals(p.view),
      ranking,
      capacity: <CapacityBreakdown {...p.breakdown} />,
      ...p.forensics,
    };
    let body;
    if (Object.hasOwn(named, panel)) body = named[panel as keyof typeof named];
    else {
      const name = panel.slice("signal:".length);
      const one = p.view.signals.filter((s) => s.signal === name);
      body = one.length ? (
        signals({ ...p.view, signals: one })
      ) : (
        <p role="status" className={cn("text-sm", MUTED)}>
          This node reports no {name}.
        </p>
      );
    }
    return (
      <div className="space-y-2" data-testid="embed-panel" data-panel={panel}>
        <InvalidParamsNote invalid={p.invalid} />
        <p className={cn("font-mono text-xs", MUTED)}>{p.row.name}</p>
        {body}
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <InvalidParamsNote invalid={p.invalid} />
      <Header p={p} />
      {p.verdict}
      {signals(p.view)}
      {ranking}
      <CapacityBreakdown {...p.breakdown} />
      <button
        type="button"
        className="rounded border border-blue-600 px-3 py-1 text-sm font-medium text-blue-800 dark:text-blue-200"
        aria-expanded={p.whatIf.open}
        aria-controls={WHAT_IF_PANEL_ID}
        onClick={p.whatIf.toggle}
      >
        What if…{p.whatIf.changed ? " (changed)" : ""}
      </button>
      {p.whatIf.panel}
    </div>
  );
}
