import "server-only";

import type { ClusterOverview, NodeRow } from "@/lib/contract/dto";
import type { ClusterCache } from "@/lib/k8s/store/cache";
import { amounts, nodeConditions, poolOf } from "@/lib/k8s/store/to-engine";
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

/** The row for `node` from the Node object alone; `why` set = its owner did not answer. */
export function placeholderRow(node: TrimmedNode, cache: ClusterCache, owner: string | undefined, why?: string): NodeRow {
  // the same reading of the Node as every owned row's (to-engine.ts)
  const { ready, conditions } = nodeConditions(node);
  const lease = cache.leases.store.get(`kube-node-lease/${node.metadata.name}`);
  const renew = lease?.renewTime ? Date.parse(lease.renewTime) : NaN;
  return {
    name: node.metadata.name,
    pool: poolOf(node.metadata.labels),
    labels: node.metadata.labels,
    ready,
    conditions,
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
