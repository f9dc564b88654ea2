// Pure filtering and sorting of fleet rows, driven by URL state.
import type { UrlState } from "@/lib/client/url-state";
import type { FleetRow } from "@/lib/contract/dto";
import { parseLabelSelector, type Labels, type Matcher } from "@/lib/contract/label-selector";
import { forecastWithheld } from "@/lib/words/node-status";

import { compareNatural, naturalKey } from "./natural-order";

export type Family = "memory" | "disk" | "pid";
export const FAMILIES: readonly Family[] = ["memory", "disk", "pid"];

/** Tells whether any pressure condition is set on the node. */
export function underPressure(r: FleetRow): boolean {
  return r.conditions.MemoryPressure || r.conditions.DiskPressure || r.conditions.PIDPressure;
}

/** Returns the node's smallest margin over all families (a met threshold first), or null when nothing is known. */
export function worstMarginOf(r: FleetRow): NonNullable<FleetRow["worstMargin"][Family]> | null {
  let worst: FleetRow["worstMargin"][Family] = null;
  for (const f of FAMILIES) {
    const m = r.worstMargin[f];
    if (m && (!worst || Number(m.met) - Number(worst.met) > 0 || (m.met === worst.met && m.fraction < worst.fraction))) worst = m;
  }
  return worst ?? null;
}

/** Returns the node's smallest margin fraction over all families (Infinity when nothing is known). */
function worstFraction(r: FleetRow): number {
  let worst = Infinity;
  for (const f of FAMILIES) {
    const m = r.worstMargin[f];
    if (m) worst = Math.min(worst, m.fraction);
  }
  return worst;
}

const READY_ORDER: Record<FleetRow["ready"], number> = { False: 0, Unknown: 1, True: 2 };
const COLLECTION_ORDER: Record<FleetRow["collection"]["state"], number> = { failed: 3, stale: 2, pending: 1, ok: 0 };

/**
 * A row's value in a column; ascending (a header's first click) puts what needs a look first,
 * except for the names (A to Z) and the counts (fewest pods first).
 */
export function sortValue(r: FleetRow, sort: UrlState["sort"]): number | string {
  switch (sort) {
    case "name":
      return r.name;
    case "pool":
      // nodes without a pool after every pool
      return r.pool ?? "\uffff";
    case "ready":
      return READY_ORDER[r.ready] ?? 3;
    case "conditions":
      // most conditions set first
      return -Object.values(r.conditions).filter(Boolean).length;
    case "lease":
      return r.leaseAgeSeconds ?? Infinity;
    case "worst": {
      const m = worstMarginOf(r);
      return m ? (m.met ? -1 : m.fraction) : Infinity;
    }
    case "pods":
      return r.podCount;
    case "eviction":
      // a silent node's last forecast is not one (lib/words/node-status.ts): after every expected eviction
      return forecastWithheld(r) ? Infinity : (r.nextEviction?.at ?? Infinity);
    case "psi":
      // most stalled first; nodes whose kubelet reports no PSI after every number
      return r.pressure?.memoryFullAvg60 == null ? Infinity : -r.pressure.memoryFullAvg60;
    case "usage": {
      // fullest first: memory used over allocatable
      const alloc = r.allocatable.memory ?? 0;
      return alloc ? -(r.used.memory ?? 0) / alloc : Infinity;
    }
    case "findings":
      // most errors first, then warnings, then info; rows built without findings last
      return r.findings ? -(r.findings.error * 1e6 + r.findings.warning * 1e3 + r.findings.info) : Infinity;
    case "stats":
      // failed collections first, then stale, then not yet collected, then the oldest stats
      return -(COLLECTION_ORDER[r.collection.state] * 1e9 + (r.collection.ageSeconds ?? 0));
    default:
      return r.worstMargin[sort]?.fraction ?? Infinity;
  }
}

// A selector still being typed ("zone in (a,") filters nothing until it parses; the page says why.
function labelMatcher(selector: string): Matcher<Labels> | null {
  if (!selector.trim()) return null;
  try {
    return parseLabelSelector(selector);
  } catch {
    return null;
  }
}

/** Filters rows by search, pool, label selector, condition and margin, then sorts them (ties by name). */
export function filterAndSortNodes<R extends FleetRow>(rows: readonly R[], s: UrlState): R[] {
  const q = s.q.toLowerCase();
  const matchesLabels = labelMatcher(s.label);
  const out = rows.filter((r) => {
    if (q && !r.name.toLowerCase().includes(q) && !(r.pool ?? "").toLowerCase().includes(q)) return false;
    if (s.pool && r.pool !== s.pool) return false;
    // rows without labels (the table document) are never filtered by label: useFleetOverview
    // asks for the whole rows while a label filter is on
    if (matchesLabels && !matchesLabels(r.labels ?? {})) return false;
    if (s.filter === "pressure" && !underPressure(r)) return false;
    if (s.filter === "notready" && r.ready === "True") return false;
    if (s.filter === "failed" && r.collection.state !== "failed") return false;
    if (s.marginBelow != null && !(worstFraction(r) < s.marginBelow)) return false;
    return true;
  });
  const dir = s.desc ? -1 : 1;
  // Each row's sort value and name key computed once, not twice per comparison (5 000 rows take
  // ~60 000 comparisons); ties fall back to the natural name order (natural-order.ts).
  const keyed = out.map((row) => {
    const value = sortValue(row, s.sort);
    return { row, value, valueKey: typeof value === "string" ? naturalKey(value) : null, nameKey: naturalKey(row.name) };
  });
  keyed.sort((a, b) => {
    const c =
      typeof a.value === "string"
        ? compareNatural(a.value, b.value as string, a.valueKey, b.valueKey)
        : a.value - (b.value as number);
    return (Number.isNaN(c) ? 0 : c * dir) || compareNatural(a.row.name, b.row.name, a.nameKey, b.nameKey);
  });
  return keyed.map((k) => k.row);
}

/** Lists the distinct node pools, sorted. */
export function poolsOf(rows: readonly FleetRow[]): string[] {
  return [...new Set(rows.map((r) => r.pool).filter((p): p is string => !!p))].sort((a, b) => compareNatural(a, b));
}
