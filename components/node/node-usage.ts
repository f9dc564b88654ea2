// What a node's pods request and what the node uses, per resource, for the capacity breakdown.
import { DEFAULT_FEATURE_GATES, isActivePod, podRequest, type Pod, type Summary } from "@/lib/eviction";

/** Sums the requests of the node's active pods per resource (cpu in millicores), as the scheduler counts them. */
export function requestedByPods(pods: readonly Pod[]): Record<string, number> {
  const out: Record<string, number> = { cpu: 0, memory: 0, "ephemeral-storage": 0 };
  for (const p of pods) {
    if (!isActivePod(p)) continue;
    for (const r of Object.keys(out)) out[r] = (out[r] ?? 0) + podRequest(p, r, DEFAULT_FEATURE_GATES);
  }
  return out;
}

/** Reads what the node uses now from its Summary: cpu millicores, memory working set, root fs bytes, processes. */
export function usedFromSummary(summary: Summary | null): Record<string, number> {
  const node = summary?.node as (Summary["node"] & { cpu?: { usageNanoCores?: number } }) | undefined;
  const out: Record<string, number> = {};
  if (node?.cpu?.usageNanoCores != null) out.cpu = Math.round(node.cpu.usageNanoCores / 1e6);
  if (node?.memory?.workingSetBytes != null) out.memory = node.memory.workingSetBytes;
  if (node?.fs?.usedBytes != null) out["ephemeral-storage"] = node.fs.usedBytes;
  if (node?.rlimit?.curproc != null) out.pid = node.rlimit.curproc;
  return out;
}
