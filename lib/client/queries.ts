// Query keys and options shared by every component that reads cluster data, so N components on a
// page share one request and one cache entry. The fleet overview's are in cluster-query.ts (no zod).
import { queryOptions } from "@tanstack/react-query";

import { clustersDocument, type ClustersDocument } from "../contract/clusters";
import { nodeDetail, type NodeDetail } from "../contract/dto";
import { evictionTimelineDoc, type EvictionTimelineDoc } from "../contract/eviction-timeline";
import { historyDoc, RANGES, stepFor, type HistoryDoc, type RangeName } from "../contract/history";
import { nodeDocuments, type NodeDocuments } from "../contract/node-documents";
import { getJson, HttpError } from "./cluster-query";

const queryKeys = {
  node: (name: string) => ["node", name] as const,
  nodeDocuments: (names: readonly string[]) => ["node-documents", ...names] as const,
  clusters: () => ["clusters"] as const,
  history: (name: string, range: RangeName) => ["node", name, "history", range] as const,
  evictions: (name: string) => ["node", name, "evictions"] as const,
};

/** Polls one node's detail document. */
export function nodeOptions(name: string) {
  return queryOptions({
    queryKey: queryKeys.node(name),
    queryFn: async (): Promise<NodeDetail> => nodeDetail.parse(await getJson(`/api/nodes/${encodeURIComponent(name)}`)),
    refetchInterval: 10_000,
    retry: (count, err) => !(err instanceof HttpError && err.status === 404) && count < 2,
  });
}

/**
 * Several nodes' documents in one request (GET /api/nodes?names=…, at most 50): the pool/fleet
 * what-if's pod detail. With several replicas each owner is asked once for all of its nodes; a node
 * whose owner did not answer is in `missing`, named with why.
 */
export function nodeDocumentsOptions(names: readonly string[]) {
  return queryOptions({
    queryKey: queryKeys.nodeDocuments(names),
    queryFn: async (): Promise<NodeDocuments> =>
      nodeDocuments.parse(await getJson(`/api/nodes?names=${names.map(encodeURIComponent).join(",")}`)),
    enabled: names.length > 0,
  });
}

/** Every cluster in the shared Prometheus (the clusters page); polled like the fleet. */
export function clustersOptions() {
  return queryOptions({
    queryKey: queryKeys.clusters(),
    queryFn: async (): Promise<ClustersDocument> => clustersDocument.parse(await getJson("/api/clusters")),
    refetchInterval: 30_000,
    retry: (count, err) => !(err instanceof HttpError && err.status === 503) && count < 2,
  });
}

/** A node's chart history over `range`; refreshed once a chart step (10 s for the last hour). */
export function historyOptions(name: string, range: RangeName) {
  return queryOptions({
    queryKey: queryKeys.history(name, range),
    queryFn: async (): Promise<HistoryDoc> =>
      historyDoc.parse(await getJson(`/api/nodes/${encodeURIComponent(name)}/history?range=${range}`)),
    refetchInterval: stepFor(RANGES[range]) * 1000,
    placeholderData: (previous) => previous,
  });
}

/** A node's evictions of the last 7 days from Prometheus; a minute is fresh enough for hourly buckets. */
export function evictionTimelineOptions(name: string) {
  return queryOptions({
    queryKey: queryKeys.evictions(name),
    queryFn: async (): Promise<EvictionTimelineDoc> =>
      evictionTimelineDoc.parse(await getJson(`/api/nodes/${encodeURIComponent(name)}/evictions`)),
    refetchInterval: 60_000,
  });
}
