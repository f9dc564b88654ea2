"use client";

// The fleet table's columns, one entry each: header, grid track, minimum width, whether it stays
// in the row on a phone (the rest move into the row's expandable detail), and its cell.
// A new column (e.g. the forecast's "next eviction") is one more entry here.
import Link from "next/link";
import type { ReactNode } from "react";

import { FindingsCell } from "@/components/findings/findings-cell";
import { MUTED } from "@/components/ui/styles";
import type { SORTS } from "@/lib/client/url-state";
import type { FleetRow } from "@/lib/contract/dto";
import { FAMILIES, worstMarginOf } from "@/lib/fleet-view/filters";
import { cn, formatAge, formatResource } from "@/lib/format";
import { rowStatus } from "@/lib/words/node-status";

import { MarginCell } from "./margin-cell";
import { NextEvictionCell } from "./next-eviction";
import { PsiCell } from "./psi-column";

export interface NodeColumn {
  key: string;
  header: string;
  /** What its header sorts by (every column sorts; see lib/fleet-view/filters.ts for each order). */
  sort: (typeof SORTS)[number];
  /** The header's title: what a click sorts by, and which end comes first. */
  sortTitle: string;
  /** The cell renders its own role="cell" element (with an accessible label); only for columns always in the row. */
  ownCell?: boolean;
  /** CSS grid track. */
  track: string;
  /** Minimum width in rem: the row takes columns, most important first, while their minimums fit. */
  minRem: number;
  /**
   * Which columns stay in the row when not all fit (lower first; the rest open in the row's
   * detail). "always": node and next eviction; "phone": only on phones (worst margin, a summary
   * of the three margin columns they lack).
   */
  priority: number | "always" | "phone";
  cell: (r: FleetRow, ctx: { query: string }) => ReactNode;
  className?: string;
}

// NotReady leads the badges: below 1280 px the Ready column moves into the row's detail, and a
// node that stopped reporting must still stand out in the row.
function ConditionBadges({ r }: { r: FleetRow }) {
  const status = rowStatus(r);
  const set = [
    // The owner's replica did not answer the merge: nothing but the Node object is known.
    ...(r.ownerUnreachable ? [{ c: "Owner unreachable", title: r.ownerUnreachable }] : []),
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
function ReadyCell({ r }: { r: FleetRow }) {
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

function MemoryBar({ r }: { r: FleetRow }) {
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

function Collection({ r }: { r: FleetRow }) {
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
function NodeName({ r, query }: { r: FleetRow; query: string }) {
  return (
    <Link
      href={`/nodes/${encodeURIComponent(r.name)}${query}`}
      // Every page renders per request (its CSP nonce), so a prefetch is a server render; at one per
      // visible row, scrolling the fleet would render hundreds of node pages nobody opens.
      prefetch={false}
      title={r.name}
      aria-label={r.name}
      className="font-mono text-blue-700 [overflow-wrap:anywhere] hover:underline dark:text-blue-300"
    >
      {r.name}
    </Link>
  );
}

const staleLease = (r: FleetRow) => r.leaseAgeSeconds != null && r.leaseAgeSeconds > (r.leaseDurationSeconds ?? 40);

const NODE_COLUMNS: readonly NodeColumn[] = [
  {
    key: "node",
    header: "Node",
    sort: "name",
    sortTitle: "Sort by node name (A to Z, fleet-2 before fleet-10)",
    track: "minmax(12rem,3fr)",
    minRem: 12,
    priority: "always",
    // With several replicas, which one collects the node: under its name, the one column every
    // width keeps (docs/replicas.md).
    cell: (r, { query }) => (
      <>
        <NodeName r={r} query={query} />
        {r.owner && <span className="block text-xs text-zinc-600 dark:text-zinc-400">by {r.owner}</span>}
      </>
    ),
  },
  {
    key: "pool",
    header: "Pool",
    sort: "pool",
    sortTitle: "Sort by node pool (A to Z, nodes without a pool last)",
    track: "minmax(5rem,1fr)",
    minRem: 5,
    priority: 5,
    cell: (r) => <span className="[overflow-wrap:anywhere]">{r.pool ?? "–"}</span>,
  },
  {
    key: "ready",
    header: "Ready",
    sort: "ready",
    sortTitle: "Sort by readiness (NotReady first, then unknown, then Ready)",
    track: "5.5rem",
    minRem: 5.5,
    priority: 8,
    cell: (r) => <ReadyCell r={r} />,
  },
  {
    key: "conditions",
    header: "Conditions",
    sort: "conditions",
    sortTitle: "Sort by the number of pressure and NotReady conditions (most first)",
    track: "minmax(8rem,1fr)",
    minRem: 8,
    priority: 1,
    cell: (r) => <ConditionBadges r={r} />,
  },
  {
    key: "lease",
    header: "Lease",
    sort: "lease",
    sortTitle: "Sort by the age of the kubelet's Lease (freshest first)",
    track: "4rem",
    minRem: 4,
    priority: 9,
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
    sort: "worst",
    sortTitle: "Sort by the smallest margin of any signal (met thresholds first)",
    track: "6.5rem",
    minRem: 6.5,
    priority: "phone",
    cell: (r) => <MarginCell margin={worstMarginOf(r)} />,
  },
  // The live forecast's soonest eviction: one of the columns that matter on every screen.
  {
    key: "eviction",
    header: "Next eviction",
    sort: "eviction",
    sortTitle: "Sort by the soonest eviction the live forecast expects",
    track: "6.5rem",
    minRem: 6.5,
    priority: "always",
    ownCell: true,
    cell: (r) => <NextEvictionCell r={r} />,
  },
  ...FAMILIES.map((f): NodeColumn => ({
    key: f,
    header: `${f} margin`,
    sort: f,
    sortTitle: `Sort by the ${f} signals' smallest margin to a threshold (smallest first)`,
    track: "6.5rem",
    minRem: 6.5,
    priority: 2,
    cell: (r) => <MarginCell margin={r.worstMargin[f] ?? null} />,
  })),
  {
    key: "findings",
    header: "Findings",
    sort: "findings",
    sortTitle: "Sort by the advisor's findings (most errors first, then warnings)",
    track: "6rem",
    minRem: 6,
    // after the memory bar and PSI, before the pool: on a wide screen the advisor's errors show in the row
    priority: 4.5,
    cell: (r) => <FindingsCell r={r} />,
  },
  {
    key: "psi",
    header: "Memory full avg60",
    sort: "psi",
    sortTitle:
      "Sort by memory PSI full avg60: the share of the last minute in which all non-idle tasks stalled on memory (most stalled first)",
    track: "5.5rem",
    minRem: 5.5,
    priority: 4,
    cell: (r) => <PsiCell r={r} />,
  },
  {
    key: "memory-used",
    header: "Memory req/used",
    sort: "usage",
    sortTitle: "Sort by memory used over allocatable (fullest first)",
    track: "minmax(8rem,1fr)",
    minRem: 8,
    priority: 3,
    cell: (r) => <MemoryBar r={r} />,
  },
  {
    key: "pods",
    header: "Pods",
    sort: "pods",
    sortTitle: "Sort by the number of pods on the node (fewest first)",
    track: "3.5rem",
    minRem: 3.5,
    priority: 7,
    className: "tabular-nums",
    cell: (r) => r.podCount,
  },
  {
    key: "stats",
    header: "Stats age",
    sort: "stats",
    sortTitle: "Sort by stats collection (failed first, then stale, then the oldest)",
    track: "5rem",
    minRem: 5,
    priority: 6,
    cell: (r) => <Collection r={r} />,
  },
];

// Between the page's padding and the detail button, every column also takes half a rem of gap.
const GAP_REM = 0.5;
const CHROME_REM = 1 + 2.75;
/** Below this many rem (a phone) the row keeps node, worst margin and next eviction only. */
const PHONE_REM = 40;

// On a phone (358 px inside the page's padding) node, worst margin and next eviction must fit
// without scrolling sideways: narrower tracks, names wrapping onto two lines.
const PHONE_TRACKS: Record<string, { track: string; minRem: number }> = {
  node: { track: "minmax(6.5rem,1fr)", minRem: 6.5 },
  worst: { track: "5rem", minRem: 5 },
  eviction: { track: "5.5rem", minRem: 5.5 },
};

const widthOf = (cols: readonly NodeColumn[]) => cols.reduce((s, c) => s + c.minRem + GAP_REM, CHROME_REM);

/**
 * The columns of the row itself for a table `widthRem` wide, and those shown in the row's detail
 * instead: the most important columns that fit side by side, in the table's own order, so nothing
 * hides behind a sideways scroll. When the three margin columns do not all fit, the row keeps the
 * worst margin in their place.
 */
export function columnsFor(widthRem: number): { row: NodeColumn[]; detail: NodeColumn[] } {
  if (widthRem < PHONE_REM) {
    const row = NODE_COLUMNS.filter((c) => c.priority === "always" || c.priority === "phone");
    return {
      row: row.map((c) => ({ ...c, ...PHONE_TRACKS[c.key] })),
      detail: NODE_COLUMNS.filter((c) => !row.includes(c) && c.priority !== "phone"),
    };
  }
  const ranked = NODE_COLUMNS.filter((c) => typeof c.priority === "number").toSorted(
    (a, b) => (a.priority as number) - (b.priority as number),
  );
  const fit = (base: NodeColumn[]) => {
    const chosen = [...base];
    for (const c of ranked) if (widthOf([...chosen, c]) <= widthRem) chosen.push(c);
    return chosen;
  };
  const always = NODE_COLUMNS.filter((c) => c.priority === "always");
  let chosen = fit(always);
  if (FAMILIES.some((f) => !chosen.some((c) => c.key === f)))
    chosen = fit([...always, ...NODE_COLUMNS.filter((c) => c.priority === "phone")]);
  const row = NODE_COLUMNS.filter((c) => chosen.includes(c));
  const detail = NODE_COLUMNS.filter((c) => !chosen.includes(c) && c.priority !== "phone");
  return { row, detail };
}
