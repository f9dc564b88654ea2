// What the node page shows, derived from its document and analyses without React: the amounts
// its capacity bar compares, the image GC marks its charts draw, which view its cards are
// labelled with, and the header's freshness line.
import type { NodeDetail, NodeRow } from "@/lib/contract/dto";
import { imageGcThresholds, parseCapacity, usedFromSummary, type AnalyzeOutput, type Node } from "@/lib/eviction";
import { formatAge } from "@/lib/format";

/** Which state the node page's cards show: the node as it is, or the engine's view under the open what-if. */
export type NodeView = "live" | "what-if";

/** Reads a node status resource map as engine numbers (cpu in millicores), so comparisons are like for like; {} when unreadable. */
export function amounts(node: Node, key: "capacity" | "allocatable"): Record<string, number> {
  try {
    return parseCapacity(node.status?.[key] ?? {});
  } catch {
    return {};
  }
}

/** The node's image GC marks as the signal charts draw them: the engine's reading of its kubelet config. */
export function imageGcMarks(kubeletConfig: unknown): { high: number; low: number } {
  const gc = imageGcThresholds(kubeletConfig);
  return { high: gc.highPercent, low: gc.lowPercent };
}

/** What the capacity breakdown compares: capacity, the node's reported allocatable, the engine's, requests and use. */
export interface Breakdown {
  capacity: Record<string, number>;
  reported: Record<string, number>;
  result: AnalyzeOutput;
  liveAllocatable: AnalyzeOutput["allocatable"];
  requested: Record<string, number>;
  used: Record<string, number>;
}

/** The capacity breakdown of `result` (live or what-if) beside the live allocatable; the same for the page and its embed. */
export function breakdownOf(
  data: Pick<NodeDetail, "node" | "summary">,
  result: AnalyzeOutput,
  live: AnalyzeOutput,
  capacity: Record<string, number>,
  requested: Record<string, number>,
): Breakdown {
  return {
    capacity,
    reported: amounts(data.node, "allocatable"),
    result,
    liveAllocatable: live.allocatable,
    requested,
    used: usedFromSummary(data.summary),
  };
}

/**
 * The label the cards carry: none for a pinned moment (the banner says it) or with no what-if in
 * sight; "what-if" once the shown view is not the live one; "live" while the panel is open or a
 * what-if is set but not yet shown.
 */
export function cardsViewOf(v: { pinned: boolean; showsLive: boolean; open: boolean; changed: boolean }): NodeView | null {
  if (v.pinned) return null;
  if (!v.showsLive) return "what-if";
  return v.open || v.changed ? "live" : null;
}

/**
 * Whether the signal cards go four to a row where there is room: only when that takes fewer rows
 * than three (7 or 8 cards: two rows instead of three); narrower cards are taller, so six stay
 * three to a row.
 */
export function fourColumns(cards: number): boolean {
  return Math.ceil(cards / 4) < Math.ceil(cards / 3);
}

/** The header's freshness line: "lease renewed 4s ago · stats 6s old", or the collection's state and error. */
export function freshnessLine(row: Pick<NodeRow, "leaseAgeSeconds" | "collection">): string {
  const c = row.collection;
  const stats = c.state === "ok" ? `${formatAge(c.ageSeconds)} old` : c.state;
  return `lease renewed ${formatAge(row.leaseAgeSeconds)} ago · stats ${stats}${c.error ? `: ${c.error}` : ""}`;
}
