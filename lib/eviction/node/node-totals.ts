// What a node's active pods request and what the node uses, per resource: one copy for the server's
// fleet rows and the node page's capacity breakdown. Requests are summed as the scheduler counts
// them (pod-resources.ts); a malformed request is left out here, because the engine reports it with
// its field name where it matters, and a page must not fail before its own error guard.
import type { Pod, Summary } from "../k8s-types";
import { isActivePod } from "../pods/pod-facts";
import { DEFAULT_FEATURE_GATES, podRequest } from "../pods/pod-resources";

const REQUESTED = ["cpu", "memory", "ephemeral-storage"] as const;

/** Sums the requests of the node's active pods (cpu millicores, memory and ephemeral-storage bytes) and counts them (`pods`). */
export function requestedTotals(pods: Iterable<Pod>): Record<string, number> {
  const out: Record<string, number> = { cpu: 0, memory: 0, "ephemeral-storage": 0, pods: 0 };
  for (const p of pods) {
    if (!isActivePod(p)) continue;
    out.pods! += 1;
    for (const r of REQUESTED) {
      try {
        out[r]! += podRequest(p, r, DEFAULT_FEATURE_GATES);
      } catch {
        // left out: see the header
      }
    }
  }
  return out;
}

/** The slice of a Summary read for usage (the kubelet serves cpu too; the engine's Summary type omits it). */
type SummaryForUsage = {
  node?: Pick<NonNullable<Summary["node"]>, "memory" | "fs" | "rlimit"> & { cpu?: { usageNanoCores?: number } };
};

/** What the node uses now, from its Summary: cpu millicores, memory working set, nodefs bytes used, processes (`pids`). */
export function usedFromSummary(summary: SummaryForUsage | null): Record<string, number> {
  const n = summary?.node;
  if (!n) return {};
  const out: Record<string, number> = {};
  if (n.cpu?.usageNanoCores != null) out.cpu = Math.round(n.cpu.usageNanoCores / 1e6);
  if (n.memory?.workingSetBytes != null) out.memory = n.memory.workingSetBytes;
  if (n.fs?.usedBytes != null) out["ephemeral-storage"] = n.fs.usedBytes;
  if (n.rlimit?.curproc != null) out.pids = n.rlimit.curproc;
  return out;
}
