"use client";

import { WHAT_IF_PANEL_ID } from "@/components/whatif/what-if-panel";
import type { UrlState } from "@/lib/client/url-state";
import type { NodeRow } from "@/lib/contract/dto";
import { cn } from "@/lib/format";
import { freshnessLine } from "@/lib/node-view";
import { rowStatus } from "@/lib/words/node-status";

import { CopyLinks } from "./pinned-banner";

interface Props {
  row: NodeRow;
  /** Pressure conditions the kubelet reports (live, also under a what-if). */
  pressure: string[];
  state: UrlState;
  open: boolean;
  changed: boolean;
  onToggleWhatIf: () => void;
  /** The node document's time (ms), the newest moment "Copy link as of now" can pin. */
  newest: number;
}

/** The node's name, pool, readiness, reported pressure, freshness, the what-if toggle and the copy-link controls. */
export function NodeHeader({ row, pressure, state, open, changed, onToggleWhatIf, newest }: Props) {
  return (
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
      <span className="text-sm text-zinc-600 dark:text-zinc-400">{freshnessLine(row)}</span>
      <button
        type="button"
        className={cn(
          "ml-auto rounded border px-3 py-1 text-sm font-medium",
          open ? "border-blue-600 bg-blue-600 text-white" : "border-blue-600 text-blue-800 dark:text-blue-200",
          changed && !open && "ring-2 ring-blue-400",
        )}
        aria-expanded={open}
        aria-controls={WHAT_IF_PANEL_ID}
        onClick={onToggleWhatIf}
      >
        What if…{changed ? " (changed)" : ""}
      </button>
      <CopyLinks state={state} newest={newest} />
    </header>
  );
}
