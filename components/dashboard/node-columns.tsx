"use client";

// The fleet table's columns, one entry each: header, grid track, minimum width, whether it stays
// in the row on a phone (the rest move into the row's expandable detail), and its cell.
// A new column (e.g. the forecast's "next eviction") is one more entry here.
import Link from "next/link";
import type { ComponentType, ReactNode } from "react";

import { FindingsCell } from "@/components/findings/findings-cell";
import { MUTED } from "@/components/ui/styles";
import type { NodeRow } from "@/lib/dto";
import { cn, formatAge, formatResource } from "@/lib/format";
import { rowStatus } from "@/lib/node-status";

import { MarginCell } from "./margin-cell";
import { NextEvictionCell, NextEvictionHeader } from "./next-eviction";
import { FAMILIES, worstMarginOf } from "./node-filters";
import { PsiCell, PsiHeader } from "./psi-column";

export interface NodeColumn {
  key: string;
  header: string;
  /** A column header of its own (a sort button), rendered instead of `header` in the header row. */
  Header?: ComponentType;
  /** The cell renders its own role="cell" element (with an accessible label); only for columns always in the row. */
  ownCell?: boolean;
  /** CSS grid track. */
  track: string;
  /** Minimum width in rem (the table scrolls sideways below the sum, header and body together). */
  minRem: number;
  /**
   * "always"; "narrow": only on phones (a summary of columns they lack); "medium": in the row from
   * 768 px, else in its detail; "wide": in the row from 1280 px, else in its detail.
   */
  show: "always" | "narrow" | "medium" | "wide";
  cell: (r: NodeRow, ctx: { query: string }) => ReactNode;
  className?: string;
}

// NotReady leads the badges: below 1280 px the Ready column moves into the row's detail, and a
// node that stopped reporting must still stand out in the row.
function ConditionBadges({ r }: { r: NodeRow }) {
  const status = rowStatus(r);
  const set = [
    ...(status.ok ? [] : [{ c: status.label, title: status.explanation }]),
    ...(["MemoryPressure", "DiskPressure", "PIDPressure", "NetworkUnavailable"] as const)
      .filter((c) => r.conditions[c])
      .map((c) => ({ c, title: undefined })),
  ];
  if (set.length === 0) return <span className={MUTED}>none</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {set.map(({ c, title }) => (
        <span
          key={c}
          title={title}
          data-testid={title ? "status-badge" : undefined}
          className="rounded bg-red-100 px-1 text-xs text-red-900 dark:bg-red-900/50 dark:text-red-100"
        >
          {c}
          {title && <span className="sr-only">: {title}</span>}
        </span>
      ))}
    </span>
  );
}

/** The Ready column: Ready, NotReady, Unreachable or Lease expired, with what is known as its title. */
function ReadyCell({ r }: { r: NodeRow }) {
  const s = rowStatus(r);
  return (
    <span
      className={s.ok ? "" : "font-semibold text-red-700 underline decoration-dotted dark:text-red-400"}
      title={s.explanation}
      data-testid="ready-cell"
    >
      {s.label}
      {!s.ok && <span className="sr-only">: {s.explanation}</span>}
    </span>
  );
}

function MemoryBar({ r }: { r: NodeRow }) {
  const alloc = r.allocatable.memory ?? 0;
  if (!alloc) return <span className={MUTED}>–</span>;
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
    <span
      className={cn(
        "text-xs",
        c.state === "failed" && "font-semibold text-red-700 dark:text-red-400",
        c.state === "stale" && "text-amber-800 dark:text-amber-400",
      )}
      title={c.error ?? `thresholds from ${c.configSource}`}
    >
      {text}
    </span>
  );
}

/** The node's name, whole: it wraps rather than being cut, and the link's name and title carry it in full. */
function NodeName({ r, query }: { r: NodeRow; query: string }) {
  return (
    <Link
      href={`/nodes/${encodeURIComponent(r.name)}${query}`}
      title={r.name}
      aria-label={r.name}
      className="font-mono text-blue-700 [overflow-wrap:anywhere] hover:underline dark:text-blue-300"
    >
      {r.name}
    </Link>
  );
}

const staleLease = (r: NodeRow) => r.leaseAgeSeconds != null && r.leaseAgeSeconds > (r.leaseDurationSeconds ?? 40);

const NODE_COLUMNS: readonly NodeColumn[] = [
  {
    key: "node",
    header: "Node",
    track: "minmax(12rem,3fr)",
    minRem: 12,
    show: "always",
    cell: (r, { query }) => <NodeName r={r} query={query} />,
  },
  {
    key: "pool",
    header: "Pool",
    track: "minmax(5rem,1fr)",
    minRem: 5,
    show: "medium",
    cell: (r) => <span className="[overflow-wrap:anywhere]">{r.pool ?? "–"}</span>,
  },
  {
    key: "ready",
    header: "Ready",
    track: "5.5rem",
    minRem: 5.5,
    show: "wide",
    cell: (r) => <ReadyCell r={r} />,
  },
  {
    key: "conditions",
    header: "Conditions",
    track: "minmax(8rem,1fr)",
    minRem: 8,
    show: "medium",
    cell: (r) => <ConditionBadges r={r} />,
  },
  {
    key: "lease",
    header: "Lease",
    track: "4rem",
    minRem: 4,
    show: "wide",
    className: "tabular-nums",
    cell: (r) => (
      <span
        className={cn(staleLease(r) && "font-semibold text-red-700 dark:text-red-400")}
        title="Seconds since the kubelet renewed its Lease (stale past the lease duration, 40 s by default)"
      >
        {formatAge(r.leaseAgeSeconds)}
      </span>
    ),
  },
  {
    key: "worst",
    header: "Worst margin",
    track: "6.5rem",
    minRem: 6.5,
    show: "narrow",
    cell: (r) => <MarginCell margin={worstMarginOf(r)} />,
  },
  // The live forecast's soonest eviction: one of the columns that matter on every screen.
  {
    key: "eviction",
    header: "Next eviction",
    Header: NextEvictionHeader,
    track: "6.5rem",
    minRem: 6.5,
    show: "always",
    ownCell: true,
    cell: (r) => <NextEvictionCell r={r} />,
  },
  ...FAMILIES.map((f): NodeColumn => ({
    key: f,
    header: `${f} margin`,
    track: "6.5rem",
    minRem: 6.5,
    show: "medium",
    cell: (r) => <MarginCell margin={r.worstMargin[f] ?? null} />,
  })),
  { key: "findings", header: "Findings", track: "6rem", minRem: 6, show: "medium", cell: (r) => <FindingsCell r={r} /> },
  {
    key: "psi",
    header: "Memory full avg60",
    Header: PsiHeader,
    track: "5.5rem",
    minRem: 5.5,
    show: "wide",
    cell: (r) => <PsiCell r={r} />,
  },
  {
    key: "memory",
    header: "Memory req/used",
    track: "minmax(8rem,1fr)",
    minRem: 8,
    show: "wide",
    cell: (r) => <MemoryBar r={r} />,
  },
  { key: "pods", header: "Pods", track: "3.5rem", minRem: 3.5, show: "wide", className: "tabular-nums", cell: (r) => r.podCount },
  { key: "stats", header: "Stats age", track: "5rem", minRem: 5, show: "wide", cell: (r) => <Collection r={r} /> },
];

export type Tier = "narrow" | "medium" | "wide";

const IN_ROW: Record<Tier, ReadonlySet<NodeColumn["show"]>> = {
  narrow: new Set(["always", "narrow"]),
  medium: new Set(["always", "medium"]),
  wide: new Set(["always", "medium", "wide"]),
};

// On a phone (358 px inside the page's padding) node, worst margin and next eviction must fit
// without scrolling sideways: narrower tracks, names wrapping onto two lines.
const PHONE_TRACKS: Record<string, { track: string; minRem: number }> = {
  node: { track: "minmax(6.5rem,1fr)", minRem: 6.5 },
  worst: { track: "5rem", minRem: 5 },
  eviction: { track: "5.5rem", minRem: 5.5 },
};

/** The columns of the row itself at a screen width, and those shown in the row's detail instead. */
export function columnsFor(tier: Tier): { row: NodeColumn[]; detail: NodeColumn[] } {
  const row = NODE_COLUMNS.filter((c) => IN_ROW[tier].has(c.show));
  const detail = NODE_COLUMNS.filter((c) => !row.includes(c) && c.show !== "narrow");
  return { row: tier === "narrow" ? row.map((c) => ({ ...c, ...PHONE_TRACKS[c.key] })) : row, detail };
}
