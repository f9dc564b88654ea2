import "server-only";

import type { ClustersDocument } from "@/lib/contract/clusters";
import type { ClusterOverview } from "@/lib/contract/dto";
import { clusterSummaryOf } from "@/lib/k8s/documents/local-clusters";

import { currentMergedOverview } from "../peer/serve-overview";

// /clusters on any replica (HEADROOM_SHARDING=lease). From Prometheus nothing is to merge: each
// node's series comes from its owner alone (lib/k8s/replicas/metrics.ts), so the sums Prometheus
// answers already cover the fleet. Without a (reachable) Prometheus, the one cluster this Headroom
// serves is summarized from the merged fleet overview (every replica's rows, same peer secret and
// 3 s bound as the fleet page), not from this replica's own nodes alone; a replica that did not
// answer is named, and its nodes, known from the Node informer but without stats, count as stale.

/** The cache-backed clusters document over a merged fleet overview (every replica's rows). */
export function clustersFromOverview(doc: ClusterOverview, prometheusError: string | null): ClustersDocument {
  return {
    generatedAt: doc.generatedAt,
    clusters: [clusterSummaryOf(doc.cluster.context, doc.nodes, doc.summary.evictionsLastHour)],
    source: "cache",
    prometheusError,
    ...(doc.cluster.replicas ? { replicas: doc.cluster.replicas } : {}),
  };
}

/** The same for this process's replicas; undefined when sharding is off. */
export async function mergedClustersDocument(prometheusError: string | null): Promise<ClustersDocument | undefined> {
  const doc = await currentMergedOverview();
  return doc && clustersFromOverview(doc, prometheusError);
}
