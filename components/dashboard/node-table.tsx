"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import Link from "next/link";
import { useRef } from "react";
import type { NodeRow } from "@/lib/dto";
import { cn, formatAge, formatResource } from "@/lib/format";
import { MarginCell } from "./margin-cell";
import { NextEvictionCell, NextEvictionHeader } from "./next-eviction";
import { FAMILIES } from "./node-filters";

const COLS = "grid grid-cols-[minmax(10rem,2fr)_6rem_minmax(7.5rem,1fr)_5.5rem_3.5rem_repeat(3,7rem)_minmax(7rem,1fr)_3.5rem_5.5rem] items-center gap-2 px-2";
const ROW_HEIGHT = 36;

function ConditionBadges({ r }: { r: NodeRow }) {
  const set = (["MemoryPressure", "DiskPressure", "PIDPressure", "NetworkUnavailable"] as const).filter((c) => r.conditions[c]);
  if (set.length === 0) return <span className="text-zinc-400">none</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {set.map((c) => (
        <span key={c} className="rounded bg-red-100 px-1 text-xs text-red-800 dark:bg-red-900/50 dark:text-red-200">
          {c}
        </span>
      ))}
    </span>
  );
}

function MemoryBar({ r }: { r: NodeRow }) {
  const alloc = r.allocatable.memory ?? 0;
  if (!alloc) return <span className="text-zinc-400">–</span>;
  const req = Math.min(1, (r.requested.memory ?? 0) / alloc);
  const used = Math.min(1, (r.used.memory ?? 0) / alloc);
  const label = `memory: requested ${formatResource("memory", r.requested.memory ?? 0)}, used ${formatResource("memory", r.used.memory ?? 0)} of ${formatResource("memory", alloc)} allocatable`;
  return (
    <div className="relative h-3 w-full rounded bg-zinc-200 dark:bg-zinc-800" title={label} role="img" aria-label={label}>
      <div className="absolute inset-y-0 left-0 rounded bg-sky-300 dark:bg-sky-800" style={{ width: `${req * 100}%` }} />
      <div className="absolute inset-y-1 left-0 rounded bg-sky-700 dark:bg-sky-300" style={{ width: `${used * 100}%` }} />
    </div>
  );
}

function Collection({ r }: { r: NodeRow }) {
  const c = r.collection;
  const text = c.state === "ok" ? formatAge(c.ageSeconds) : c.state;
  return (
    <span className={cn("text-xs", c.state === "failed" && "font-semibold text-red-600", c.state === "stale" && "text-amber-600")} title={c.error ?? `thresholds from ${c.configSource}`}>
      {text}
    </span>
  );
}

/** The fleet table: one row per node, virtualized so 5 000 nodes scroll smoothly. */
export function NodeTable({ rows, query }: { rows: NodeRow[]; query: string }) {
  const parent = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => parent.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  return (
    <div role="table" aria-label="Nodes" aria-rowcount={rows.length + 1} className="rounded border border-zinc-200 text-sm dark:border-zinc-800">
      <div role="row" className={cn(COLS, "border-b border-zinc-200 bg-zinc-50 py-1.5 font-medium dark:border-zinc-800 dark:bg-zinc-900")}>
        {["Node", "Ready", "Conditions", "Lease", ...FAMILIES.map((f) => `${f} margin`), "Memory req/used", "Pods", "Stats age"].map((h) => (
          <span key={h} role="columnheader" className="truncate">
            {h}
          </span>
        )).toSpliced(3, 0, <NextEvictionHeader key="next-eviction" />)}
      </div>
      <div ref={parent} className="max-h-[65vh] overflow-auto" data-testid="node-table-body">
        <div role="rowgroup" style={{ height: virtual.getTotalSize(), position: "relative" }}>
          {virtual.getVirtualItems().map((item) => {
            const r = rows[item.index] as NodeRow;
            return (
              <div
                key={r.name}
                role="row"
                aria-rowindex={item.index + 2}
                data-testid="node-row"
                className={cn(COLS, "absolute left-0 right-0 border-b border-zinc-100 hover:bg-zinc-50 dark:border-zinc-900 dark:hover:bg-zinc-900")}
                style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
              >
                <span role="cell" className="truncate">
                  <Link href={`/nodes/${encodeURIComponent(r.name)}${query}`} className="font-mono text-blue-700 hover:underline dark:text-blue-300">
                    {r.name}
                  </Link>
                </span>
                <span role="cell" className={r.ready === "True" ? "" : "font-semibold text-red-600"}>
                  {r.ready === "True" ? "Ready" : `NotReady${r.ready === "Unknown" ? "?" : ""}`}
                </span>
                <span role="cell">
                  <ConditionBadges r={r} />
                </span>
                <NextEvictionCell r={r} />
                <span role="cell" className={cn("tabular-nums", r.leaseAgeSeconds != null && r.leaseAgeSeconds > (r.leaseDurationSeconds ?? 40) && "font-semibold text-red-600")} title="Seconds since the kubelet renewed its Lease (stale past the lease duration, 40 s by default)">
                  {formatAge(r.leaseAgeSeconds)}
                </span>
                {FAMILIES.map((f) => (
                  <span role="cell" key={f}>
                    <MarginCell margin={r.worstMargin[f] ?? null} />
                  </span>
                ))}
                <span role="cell">
                  <MemoryBar r={r} />
                </span>
                <span role="cell" className="tabular-nums">
                  {r.podCount}
                </span>
                <span role="cell">
                  <Collection r={r} />
                </span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
