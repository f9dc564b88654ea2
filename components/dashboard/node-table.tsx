"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { Fragment, useLayoutEffect, useRef, useState, type RefObject } from "react";

import { MUTED } from "@/components/ui/styles";
import type { FleetRow } from "@/lib/contract/dto";
import { cn } from "@/lib/format";

import { columnsFor, type NodeColumn } from "./node-columns";
import { SortHeader } from "./sort-header";

const ROW_HEIGHT = 36;
const HEADER_HEIGHT = 36;
/** The scroll box's inner width in rem, followed as the window (or the panel around it) resizes. */
function useWidthRem(box: RefObject<HTMLDivElement | null>): number {
  const [rem, setRem] = useState(0);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setRem(el.clientWidth / (parseFloat(getComputedStyle(document.documentElement).fontSize) || 16));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [box]);
  return rem;
}

const gridOf = (cols: NodeColumn[], expandable: boolean) => ({
  gridTemplateColumns: [...cols.map((c) => c.track), ...(expandable ? ["2.25rem"] : [])].join(" "),
  minWidth: `${cols.reduce((s, c) => s + c.minRem + 0.5, expandable ? 2.75 : 0) + 1}rem`,
});

// The node column stays in view when the table scrolls sideways (only below its narrowest layout,
// e.g. a zoomed phone); it needs an opaque background so the cells passing under it do not show.
const HEAD_BG = "bg-zinc-50 dark:bg-zinc-900";
const ROW_BG = "bg-white group-hover:bg-zinc-50 dark:bg-zinc-950 dark:group-hover:bg-zinc-900";
const stickyIf = (c: NodeColumn, bg: string) => (c.key === "node" ? cn("sticky left-0 z-[1] -ml-2 pl-2", bg) : undefined);

/**
 * The fleet table: one row per node, virtualized so 5 000 nodes scroll smoothly. Header and rows
 * live in one scroll container (the header sticks to its top), so scrolling sideways moves both.
 * The row keeps the columns that fit its width, most important first (on a phone: node, worst
 * margin and next eviction); the others open in the row's detail. Every header sorts.
 */
export function NodeTable({ rows, query }: { rows: FleetRow[]; query: string }) {
  const parent = useRef<HTMLDivElement>(null);
  const widthRem = useWidthRem(parent);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const { row: cols, detail } = columnsFor(widthRem);
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
          {cols.map((c) => (
            <SortHeader key={c.key} sort={c.sort} label={c.header} title={c.sortTitle} className={stickyIf(c, HEAD_BG)} />
          ))}
          {detail.length > 0 && (
            <span role="columnheader">
              <span className="sr-only">Details</span>
            </span>
          )}
        </div>
        <div role="rowgroup" style={{ height: virtual.getTotalSize(), position: "relative" }}>
          {virtual.getVirtualItems().map((item) => {
            const r = rows[item.index] as FleetRow;
            const expanded = detail.length > 0 && open.has(r.name);
            const detailId = `node-detail-${item.index}`;
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtual.measureElement}
                className="group absolute left-0 right-0 border-b border-zinc-100 hover:bg-zinc-50 dark:border-zinc-900 dark:hover:bg-zinc-900"
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
                      <span key={c.key} role="cell" data-col={c.key} className={cn(c.className, stickyIf(c, ROW_BG))}>
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
