"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { Fragment, useRef, useState, useSyncExternalStore } from "react";

import { MUTED } from "@/components/ui/styles";
import type { NodeRow } from "@/lib/dto";
import { cn } from "@/lib/format";

import { columnsFor, type NodeColumn, type Tier } from "./node-columns";

const ROW_HEIGHT = 36;
const HEADER_HEIGHT = 36;
const QUERIES = { narrow: "(max-width: 767px)", medium: "(max-width: 1279px)" };

function subscribeTier(onChange: () => void): () => void {
  const mqs = Object.values(QUERIES).map((q) => window.matchMedia(q));
  for (const mq of mqs) mq.addEventListener("change", onChange);
  return () => mqs.forEach((mq) => mq.removeEventListener("change", onChange));
}

const tierNow = (): Tier =>
  window.matchMedia(QUERIES.narrow).matches ? "narrow" : window.matchMedia(QUERIES.medium).matches ? "medium" : "wide";

/** The screen's width tier ("wide" on the server; the table renders only after hydration). */
function useTier(): Tier {
  return useSyncExternalStore(subscribeTier, tierNow, () => "wide");
}

const gridOf = (cols: NodeColumn[], expandable: boolean) => ({
  gridTemplateColumns: [...cols.map((c) => c.track), ...(expandable ? ["2.25rem"] : [])].join(" "),
  minWidth: `${cols.reduce((s, c) => s + c.minRem + 0.5, expandable ? 2.75 : 0) + 1}rem`,
});

/**
 * The fleet table: one row per node, virtualized so 5 000 nodes scroll smoothly. Header and rows
 * live in one scroll container (the header sticks to its top), so scrolling sideways moves both.
 * Narrower screens keep the columns that matter in the row (on a phone: node and worst margin);
 * the others open in the row's detail.
 */
export function NodeTable({ rows, query }: { rows: NodeRow[]; query: string }) {
  const parent = useRef<HTMLDivElement>(null);
  const tier = useTier();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const { row: cols, detail } = columnsFor(tier);
  const grid = gridOf(cols, detail.length > 0);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parent.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin: HEADER_HEIGHT,
    getItemKey: (i) => rows[i]!.name,
  });
  const toggle = (name: string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (!next.delete(name)) next.add(name);
      return next;
    });
  return (
    <div
      ref={parent}
      className="max-h-[65vh] overflow-auto rounded border border-zinc-200 text-sm dark:border-zinc-800"
      data-testid="node-table-body"
    >
      <div role="table" aria-label="Nodes" aria-rowcount={rows.length + 1} style={{ minWidth: grid.minWidth }}>
        <div
          role="row"
          data-testid="node-table-header"
          className="sticky top-0 z-10 grid items-center gap-2 border-b border-zinc-200 bg-zinc-50 px-2 font-medium dark:border-zinc-800 dark:bg-zinc-900"
          style={{ ...grid, height: HEADER_HEIGHT }}
        >
          {cols.map((c) =>
            c.Header ? (
              <c.Header key={c.key} />
            ) : (
              <span key={c.key} role="columnheader">
                {c.header}
              </span>
            ),
          )}
          {detail.length > 0 && (
            <span role="columnheader">
              <span className="sr-only">Details</span>
            </span>
          )}
        </div>
        <div role="rowgroup" style={{ height: virtual.getTotalSize(), position: "relative" }}>
          {virtual.getVirtualItems().map((item) => {
            const r = rows[item.index] as NodeRow;
            const expanded = detail.length > 0 && open.has(r.name);
            const detailId = `node-detail-${item.index}`;
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtual.measureElement}
                className="absolute left-0 right-0 border-b border-zinc-100 hover:bg-zinc-50 dark:border-zinc-900 dark:hover:bg-zinc-900"
                style={{ transform: `translateY(${item.start - HEADER_HEIGHT}px)` }}
              >
                <div
                  role="row"
                  aria-rowindex={item.index + 2}
                  data-testid="node-row"
                  className="grid items-center gap-2 px-2 py-1.5"
                  style={{ ...grid, minHeight: ROW_HEIGHT }}
                >
                  {cols.map((c) =>
                    c.ownCell ? (
                      <Fragment key={c.key}>{c.cell(r, { query })}</Fragment>
                    ) : (
                      <span key={c.key} role="cell" data-col={c.key} className={c.className}>
                        {c.cell(r, { query })}
                      </span>
                    ),
                  )}
                  {detail.length > 0 && (
                    <span role="cell">
                      <button
                        type="button"
                        className="rounded border border-zinc-300 px-1.5 dark:border-zinc-700"
                        aria-expanded={expanded}
                        aria-controls={detailId}
                        aria-label={`Details of ${r.name}`}
                        onClick={() => toggle(r.name)}
                      >
                        {expanded ? "−" : "+"}
                      </button>
                    </span>
                  )}
                </div>
                {expanded && (
                  <dl
                    id={detailId}
                    data-testid="node-row-detail"
                    className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 px-3 pb-2 text-xs"
                  >
                    {detail.map((c) => (
                      <div key={c.key} className="contents">
                        <dt className={MUTED}>{c.header}</dt>
                        <dd className={cn(c.className, "min-w-0")}>{c.cell(r, { query })}</dd>
                      </div>
                    ))}
                  </dl>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
