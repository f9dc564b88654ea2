// Node scope of a what-if, from a node document: the input the node page analyzes, and the outcome
// it reports. The pool/fleet list runs the same two functions on the node documents it fetches for
// pod detail, so a node reads the same in every scope.
import { type AnalyzeOutput, type Pod } from "@/lib/eviction";

import type { NodeDetail } from "../contract/dto";
import { nodeOutcome, type NodeOutcome } from "./outcome";

type DetailInput = Pick<NodeDetail, "node" | "pods" | "summary" | "kubeletConfig" | "kubeletFlags">;

/** Builds the contract input document of a node document (validated by parseAnalyzeInput). */
export function detailInput(d: DetailInput): Record<string, unknown> {
  return { node: d.node, pods: d.pods, summary: d.summary, kubeletConfig: d.kubeletConfig, kubeletFlags: d.kubeletFlags };
}

/** Builds a node's outcome with pod detail; requests and pod count are the row's, as in the fleet scope. */
export function detailOutcome(d: Pick<NodeDetail, "row" | "pods">, live: AnalyzeOutput, next: AnalyzeOutput): NodeOutcome {
  return nodeOutcome(d.row.name, live, next, d.row.requested.memory ?? 0, d.row.podCount, d.pods as Pod[]);
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
