import "server-only";

import type { ClusterOverview, NodeRow } from "@/lib/contract/dto";
import type { ClusterCache } from "@/lib/k8s/store/cache";
import { amounts } from "@/lib/k8s/store/to-engine";
import type { TrimmedNode } from "@/lib/k8s/store/trim";

// A row for a node whose owner sent none: what the Node object says (every replica watches all
// Nodes), no stats. Its collection says why in words, so the fleet page's status shows it.

export const UNREACHABLE_CONFIG_ID = "owner-unreachable";
/** The configs entry such rows point at: nothing known about the kubelet's settings. */
export const UNREACHABLE_CONFIG: ClusterOverview["configs"][string] = {
  kubeletConfig: null,
  kubeletFlags: null,
  source: "defaults",
};

const CONDITIONS = ["MemoryPressure", "DiskPressure", "PIDPressure", "NetworkUnavailable"] as const;

/** The row for `node` from the Node object alone; `why` set = its owner did not answer. */
export function placeholderRow(node: TrimmedNode, cache: ClusterCache, owner: string | undefined, why?: string): NodeRow {
  const conds = node.status.conditions ?? [];
  const is = (t: string) => conds.find((c) => c.type === t)?.status === "True";
  const ready = conds.find((c) => c.type === "Ready")?.status;
  const lease = cache.leases.store.get(`kube-node-lease/${node.metadata.name}`);
  const renew = lease?.renewTime ? Date.parse(lease.renewTime) : NaN;
  return {
    name: node.metadata.name,
    pool: null,
    labels: node.metadata.labels,
    ready: ready === "True" || ready === "False" ? ready : "Unknown",
    conditions: Object.fromEntries(CONDITIONS.map((c) => [c, is(c)])) as NodeRow["conditions"],
    unschedulable: !!node.spec?.unschedulable,
    leaseAgeSeconds: Number.isNaN(renew) ? null : Math.max(0, (cache.now() - renew) / 1000),
    leaseDurationSeconds: lease?.leaseDurationSeconds ?? null,
    worstMargin: { memory: null, disk: null, pid: null },
    capacity: amounts(node.status.capacity),
    allocatable: amounts(node.status.allocatable),
    requested: {},
    used: {},
    podCount: 0,
    collection: why
      ? { state: "failed", ageSeconds: null, error: why, configSource: "defaults" }
      : { state: "pending", ageSeconds: null, error: null, configSource: "defaults" },
    configId: UNREACHABLE_CONFIG_ID,
    observations: {},
    ...(owner ? { owner } : {}),
    ...(why ? { ownerUnreachable: why } : {}),
  };
}
