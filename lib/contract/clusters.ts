// The fleet-of-clusters document (GET /api/clusters): what the clusters page shows, read from a
// Prometheus that holds several clusters' Headroom series told apart by a `cluster` label.
// Browser-safe (types and schema only).
import { z } from "zod";

const clusterSummary = z.object({
  /** The `cluster` label's value; "" for series without one. */
  name: z.string(),
  /** That cluster's Headroom (HEADROOM_CLUSTER_LINKS), null when not configured. */
  link: z.string().nullable(),
  nodes: z.number(),
  /** Nodes with a pressure condition now, and which. */
  underPressure: z.array(z.object({ node: z.string(), conditions: z.array(z.string()) })),
  /** The smallest margins to a threshold as a fraction of capacity, worst first (Prometheus: hard thresholds). */
  worstMargins: z.array(z.object({ node: z.string(), signal: z.string(), fraction: z.number(), kind: z.enum(["hard", "soft"]) })),
  evictionsLastHour: z.number(),
  /** Nodes whose kubelet stats are older than a minute (their margins are blind). */
  staleNodes: z.number(),
  /** Whether Prometheus scrapes that cluster's Headroom now (job "headroom"); null when unknown. */
  headroomUp: z.boolean().nullable(),
});
export type ClusterSummary = z.infer<typeof clusterSummary>;

export const clustersDocument = z.object({
  generatedAt: z.string(),
  clusters: z.array(clusterSummary),
  /**
   * "prometheus": every cluster a shared Prometheus holds; "cache": without a (reachable)
   * Prometheus, the one cluster this Headroom serves, from its own cache.
   */
  source: z.enum(["prometheus", "cache"]),
  /** Why the cache was read instead: Prometheus not configured (null) or its error. */
  prometheusError: z.string().nullable(),
  /**
   * "cache" with HEADROOM_SHARDING=lease: the replicas whose rows were merged into the one cluster,
   * and those that did not answer (their nodes then count as stale).
   */
  replicas: z.object({ identity: z.string(), members: z.array(z.string()), unreachable: z.array(z.string()) }).optional(),
});
export type ClustersDocument = z.infer<typeof clustersDocument>;
