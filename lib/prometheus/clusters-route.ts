import "server-only";

import type { ClustersDocument } from "@/lib/contract/clusters";
import { localClustersDocument } from "@/lib/k8s/documents/local-clusters";
import { HttpStatusError, redact } from "@/lib/k8s/io/errors";
import { mergedClustersDocument } from "@/lib/k8s/replicas/merge/clusters-merge";

import { PrometheusError } from "./client";
import { clustersOverview } from "./clusters";
import { historySettings } from "./settings";

export type ClustersResult = { ok: true; data: ClustersDocument } | { ok: false; status: number; error: string };

const NO_PROMETHEUS =
  "no Prometheus configured: set HEADROOM_PROMETHEUS_URL to a Prometheus that scrapes each cluster's Headroom with a cluster label";

/**
 * Every cluster from Prometheus; without one, or when it does not answer, the cluster this
 * Headroom serves from its own cache (with why). 503 only when there is neither.
 */
export async function clustersDocumentResult(): Promise<ClustersResult> {
  const { prometheus, clusterLinks } = historySettings();
  let prometheusError: string | null = null;
  if (prometheus) {
    try {
      return { ok: true, data: await clustersOverview(prometheus, clusterLinks, new Date()) };
    } catch (e) {
      prometheusError = redact(`Prometheus: ${e instanceof PrometheusError ? e.message : (e as Error).message}`);
    }
  }
  try {
    // With several replicas: every replica's nodes, not only this one's (docs/replicas.md).
    const merged = await mergedClustersDocument(prometheusError);
    return { ok: true, data: merged ?? localClustersDocument(prometheusError) };
  } catch (e) {
    const status = e instanceof HttpStatusError ? e.status : 500;
    return {
      ok: false,
      status: prometheusError ? 502 : status,
      error: prometheusError ?? redact(`${NO_PROMETHEUS}; ${(e as Error).message}`),
    };
  }
}
