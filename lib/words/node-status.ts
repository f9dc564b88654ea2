// A fleet row's status in words: Ready, NotReady, or Unreachable (the kubelet stopped posting
// status), with what is known as an explanation, and whether its forecast may be shown at all
// (not from stats a node stopped sending: lib/forecast/stale-node.ts says the same on the node page).
import { DEFAULT_NODE_LEASE_DURATION_SECONDS, TAINT_NOT_READY, TAINT_UNREACHABLE } from "@/lib/eviction/client";

import type { NodeRow } from "../contract/dto";
import { formatAge } from "../format";

type RowFacts = Pick<NodeRow, "ready" | "leaseAgeSeconds" | "leaseDurationSeconds" | "collection">;

export interface RowStatus {
  label: "Ready" | "NotReady" | "Unreachable" | "Lease expired";
  /** A sentence or two of what is known, for the title and the accessible name. */
  explanation: string;
  ok: boolean;
}

/** The kubelet's default nodeLeaseDurationSeconds. */

function leaseWords(r: RowFacts): string {
  return r.leaseAgeSeconds == null
    ? "The node has no Lease."
    : `Its Lease was last renewed ${formatAge(r.leaseAgeSeconds)} ago (it lasts ${r.leaseDurationSeconds ?? DEFAULT_NODE_LEASE_DURATION_SECONDS} s).`;
}

const leaseExpired = (r: RowFacts) =>
  r.leaseAgeSeconds != null && r.leaseAgeSeconds > (r.leaseDurationSeconds ?? DEFAULT_NODE_LEASE_DURATION_SECONDS);

/** The row's Ready column in words, with its explanation. */
export function rowStatus(r: RowFacts): RowStatus {
  if (r.ready === "Unknown")
    return {
      label: "Unreachable",
      ok: false,
      explanation: `Ready is Unknown: the kubelet stopped posting node status. ${leaseWords(r)} The node lifecycle controller taints such a node ${TAINT_UNREACHABLE}:NoExecute, and the taint eviction controller deletes each pod when its toleration runs out (300 s by default). No eviction forecast: its stats are not current.`,
    };
  if (r.ready === "False")
    return {
      label: "NotReady",
      ok: false,
      explanation: `Ready is False: the kubelet reports the node not ready (it still runs and still evicts). The node lifecycle controller taints it ${TAINT_NOT_READY}:NoExecute; pods are deleted when their toleration runs out (300 s by default).`,
    };
  if (leaseExpired(r))
    return {
      label: "Lease expired",
      ok: false,
      explanation: `Ready is still True, but the kubelet has not renewed its Lease in time. ${leaseWords(r)} The node lifecycle controller sets Ready to Unknown once its grace period passes.`,
    };
  return { label: "Ready", ok: true, explanation: `Ready is True. ${leaseWords(r)}` };
}

/** Why the row's forecast must not be shown (stats a silent node no longer sends), or null when it may. */
export function forecastWithheld(r: RowFacts): string | null {
  if (r.ready === "Unknown" || leaseExpired(r)) return "No forecast: the kubelet stopped reporting";
  const c = r.collection;
  if (c.state === "failed" || c.state === "stale")
    return `No forecast: stats ${c.state}${c.ageSeconds != null ? ` (last Summary ${formatAge(c.ageSeconds)} ago)` : ""}`;
  return null;
}
