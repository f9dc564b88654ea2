// Query keys and options shared by every component that reads cluster data, so N components on a
// page share one request and one cache entry.
import { queryOptions } from "@tanstack/react-query";

import { clustersDocument, type ClustersDocument } from "../contract/clusters";
import { clusterOverviewInBrowser, nodeDetail, type ClusterOverview, type NodeDetail } from "../contract/dto";
import { evictionTimelineDoc, type EvictionTimelineDoc } from "../contract/eviction-timeline";
import { historyDoc, RANGES, stepFor, type HistoryDoc, type RangeName } from "../contract/history";
import { nodeDocuments, type NodeDocuments } from "../contract/node-documents";

const queryKeys = {
  cluster: () => ["cluster"] as const,
  clusterInfo: () => ["cluster-info"] as const,
  node: (name: string) => ["node", name] as const,
  nodeDocuments: (names: readonly string[]) => ["node-documents", ...names] as const,
  clusters: () => ["clusters"] as const,
  history: (name: string, range: RangeName) => ["node", name, "history", range] as const,
  evictions: (name: string) => ["node", name, "evictions"] as const,
};

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function getJson(url: string): Promise<unknown> {
  const res = await fetch(url, { headers: { accept: "application/json" } });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new HttpError(res.status, (body as { error?: string }).error ?? `HTTP ${res.status}`);
  return body;
}

/** The fleet overview document (the fleet page preloads it). */
export const CLUSTER_URL = "/api/cluster";

/** Polls the fleet overview at the kubelet's own 10 s cadence. */
export function clusterOptions() {
  return queryOptions({
    queryKey: queryKeys.cluster(),
    queryFn: async (): Promise<ClusterOverview> => clusterOverviewInBrowser.parse(await getJson(CLUSTER_URL)),
    refetchInterval: 10_000,
  });
}

/** The fleet overview without its rows (context, mode, summary): what the site header shows away from the fleet page. */
export function clusterInfoOptions() {
  return queryOptions({
    queryKey: queryKeys.clusterInfo(),
    queryFn: async (): Promise<ClusterOverview> => clusterOverviewInBrowser.parse(await getJson(`${CLUSTER_URL}?nodes=none`)),
    refetchInterval: 30_000,
  });
}

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
