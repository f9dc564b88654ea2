// The fleet overview's queries and the JSON fetch every query uses. Kept apart from queries.ts
// because the site header and the fleet page load this on every first paint: it checks the
// overview with the zod-free parseOverviewEnvelope, so no zod schema is in the first load
// (docs/benchmarks.md); the node, history and clusters documents keep their zod schemas there.
import { keepPreviousData, queryOptions } from "@tanstack/react-query";

import type { FleetOverview } from "../contract/dto";
import { labelSelectorError } from "../contract/label-selector";
import { parseOverviewEnvelope } from "../contract/overview-envelope";

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * How long a document may take, body included. Every answer the server gives is bounded on its
 * side (a peer replica's part, the kubelets, Prometheus), so this only ends a connection that
 * stalled on the way: the page would otherwise show "Loading…" for as long as the connection stays
 * open, and its 10 s polls join the fetch in flight instead of starting another. The query's
 * retries (TanStack's, then the next poll) ask again.
 */
const DOCUMENT_TIMEOUT_MS = 30_000;

export async function getJson(url: string, timeoutMs = DOCUMENT_TIMEOUT_MS): Promise<unknown> {
  const signal = AbortSignal.timeout(timeoutMs);
  const bound = timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`;
  const stalled = () => new Error(`no complete answer from ${url.split("?")[0]} within ${bound}`);
  const res = await fetch(url, { headers: { accept: "application/json" }, signal }).catch((err: unknown) => {
    throw signal.aborted ? stalled() : err;
  });
  const body = await res.json().catch(() => {
    if (signal.aborted) throw stalled();
    return {};
  });
  if (!res.ok) throw new HttpError(res.status, (body as { error?: string }).error ?? `HTTP ${res.status}`);
  return body;
}

/** The fleet overview document, every row whole (the fleet what-if's worker, the label filter). */
export const CLUSTER_URL = "/api/cluster";
/** The same without each row's labels and observations: the fleet table (the fleet page preloads it). */
export const FLEET_TABLE_URL = "/api/cluster?rows=table";

/**
 * Polls the fleet overview at the kubelet's own 10 s cadence: the table's rows, or with `labels`
 * the whole rows (a label filter is on). At 5 000 nodes the table's document is 5.7 MB of JSON
 * against 10 MB, and parses in half the time (docs/benchmarks.md).
 */
export function clusterOptions(labels = false) {
  return queryOptions({
    queryKey: ["cluster", labels ? "whole" : "table"] as const,
    queryFn: async (): Promise<FleetOverview> => parseOverviewEnvelope(await getJson(labels ? CLUSTER_URL : FLEET_TABLE_URL)),
    refetchInterval: 10_000,
    // switching between the two keeps what is shown until the other arrives (isPlaceholderData)
    placeholderData: keepPreviousData,
  });
}

/**
 * Whether the fleet page's query is the whole rows: a label selector that parses is in the URL
 * (lib/client/url-state.ts ignores one that does not). The page, its header and its countdowns
 * read this so they share one query.
 */
export const wantsLabels = (label: string | null): boolean => !!label && !labelSelectorError(label);

/** The fleet overview without its rows (context, mode, summary): what the site header shows away from the fleet page. */
export function clusterInfoOptions() {
  return queryOptions({
    queryKey: ["cluster-info"] as const,
    queryFn: async (): Promise<FleetOverview> => parseOverviewEnvelope(await getJson(`${CLUSTER_URL}?nodes=none`)),
    refetchInterval: 30_000,
  });
}
