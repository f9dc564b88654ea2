// Node scope of a what-if, from a node document: the input the node page analyzes, and the outcome
// it reports. The pool/fleet list runs the same two functions on the node documents it fetches for
// pod detail, so a node reads the same in every scope.
import { type AnalyzeOutput, type Pod } from "@/lib/eviction";

import type { NodeDetail, NodeRow } from "../contract/dto";
import { nodeOutcome, type NodeOutcome } from "./outcome";

type DetailInput = Pick<NodeDetail, "node" | "pods" | "summary" | "kubeletConfig" | "kubeletFlags">;

/** Builds the contract input document of a node document (validated by parseAnalyzeInput). */
export function detailInput(d: DetailInput): Record<string, unknown> {
  return { node: d.node, pods: d.pods, summary: d.summary, kubeletConfig: d.kubeletConfig, kubeletFlags: d.kubeletFlags };
}

/** Builds a node's outcome with pod detail; requests and pod count are the row's, as in the fleet scope. */
export function detailOutcome(d: Pick<NodeDetail, "row" | "pods">, live: AnalyzeOutput, next: AnalyzeOutput): NodeOutcome {
  return asReported(nodeOutcome(d.row.name, live, next, d.row.requested.memory ?? 0, d.row.podCount, d.pods as Pod[]), d.row);
}

/**
 * A pool/fleet line's outcome in the node header's state: "before" is what the kubelet reports for
 * the node (its row's conditions, held ones included) and a held condition stays in "after". The
 * engine's own "before" knows only thresholds, so a node whose MemoryPressure is held read
 * "no pressure → MemoryPressure" in the pool list while its header said MemoryPressure.
 */
export function asReported(o: NodeOutcome, row: Pick<NodeRow, "conditions" | "pressureHold">): NodeOutcome {
  const reported = PRESSURE_ORDER.filter((c) => row.conditions[c as keyof NodeRow["conditions"]]);
  return withReportedPressure(o, reported, row.pressureHold ? [row.pressureHold.condition] : []);
}

const PRESSURE_ORDER = ["MemoryPressure", "DiskPressure", "PIDPressure"];
const byPressureOrder = (a: string, b: string) => PRESSURE_ORDER.indexOf(a) - PRESSURE_ORDER.indexOf(b);

/** The pressure conditions the kubelet reports now (status True), held ones included: the node page header's live state. */
export function reportedPressure(d: Pick<NodeDetail, "conditions">): string[] {
  return d.conditions
    .filter((c) => c.type.endsWith("Pressure") && c.status === "True")
    .map((c) => c.type)
    .sort(byPressureOrder);
}

/**
 * The node outcome as the node page's what-if panel shows it, one state with the header: "before"
 * is what the kubelet reports (reportedPressure), and a condition it holds for its transition
 * period (evictionPressureTransitionPeriod, lib/forecast holds) stays in "after" as well, since a
 * changed threshold does not end the hold.
 */
export function withReportedPressure(o: NodeOutcome, reported: readonly string[], held: readonly string[]): NodeOutcome {
  return {
    ...o,
    pressureBefore: [...reported].sort(byPressureOrder),
    pressureAfter: [...new Set([...o.pressureAfter, ...held])].sort(byPressureOrder),
  };
}
