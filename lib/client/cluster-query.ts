// The fleet overview's queries and the JSON fetch every query uses. Kept apart from queries.ts
// because the site header and the fleet page load this on every first paint: it checks the
// overview with the zod-free parseOverviewEnvelope, so no zod schema is in the first load
// (docs/benchmarks.md); the node, history and clusters documents keep their zod schemas there.
import { queryOptions } from "@tanstack/react-query";

import type { ClusterOverview } from "../contract/dto";
import { parseOverviewEnvelope } from "../contract/overview-envelope";

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
    queryKey: ["cluster"] as const,
    queryFn: async (): Promise<ClusterOverview> => parseOverviewEnvelope(await getJson(CLUSTER_URL)),
    refetchInterval: 10_000,
  });
}

/** The fleet overview without its rows (context, mode, summary): what the site header shows away from the fleet page. */
export function clusterInfoOptions() {
  return queryOptions({
    queryKey: ["cluster-info"] as const,
    queryFn: async (): Promise<ClusterOverview> => parseOverviewEnvelope(await getJson(`${CLUSTER_URL}?nodes=none`)),
    refetchInterval: 30_000,
  });
}
