import "server-only";

import type { ClustersDocument } from "@/lib/clusters-doc";
import { redact } from "@/lib/k8s/errors";

import { PrometheusError } from "./client";
import { clustersOverview } from "./clusters";
import { historySettings } from "./settings";

export type ClustersResult = { ok: true; data: ClustersDocument } | { ok: false; status: number; error: string };

/** 503 without Prometheus configured, 502 when it does not answer, else the document. */
export async function clustersDocumentResult(): Promise<ClustersResult> {
  const { prometheus, clusterLinks } = historySettings();
  if (!prometheus)
    return {
      ok: false,
      status: 503,
      error:
        "no Prometheus configured: set HEADROOM_PROMETHEUS_URL to a Prometheus that scrapes each cluster's Headroom with a cluster label",
    };
  try {
    return { ok: true, data: await clustersOverview(prometheus, clusterLinks, new Date()) };
  } catch (e) {
    return {
      ok: false,
      status: 502,
      error: redact(`Prometheus: ${e instanceof PrometheusError ? e.message : (e as Error).message}`),
    };
  }
}
