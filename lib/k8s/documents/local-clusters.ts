import "server-only";

import type { ClustersDocument, ClusterSummary } from "@/lib/contract/clusters";
import type { NodeRow } from "@/lib/contract/dto";

import { getCache } from "../store/runtime";
import { evictionsLastHour, rowOf } from "./overview";

// Without Prometheus the clusters page still has one cluster to show: the one this Headroom
// serves. The same figures as a Prometheus would give for it (lib/prometheus/clusters.ts), read
// from the cache the fleet page reads: no cluster traffic.

const WORST = 5;
/** Stats older than this leave a node's margins blind (the same minute as the Prometheus query). */
const STALE_SECONDS = 60;
const PRESSURES = ["MemoryPressure", "DiskPressure", "PIDPressure"] as const;

/** This cluster's summary from the cache; throws the cache's own error (503 without a cluster). */
export function localClustersDocument(prometheusError: string | null): ClustersDocument {
  const { cache, info } = getCache();
  const wallNow = cache.clock.now();
  const clusterNow = cache.now();
  const rows = [...cache.states.keys()].flatMap((name) => rowOf(cache, name, wallNow, clusterNow) ?? []);
  return {
    generatedAt: new Date(clusterNow).toISOString(),
    clusters: [clusterSummaryOf(info.context, rows, evictionsLastHour(cache, clusterNow))],
    source: "cache",
    prometheusError,
  };
}

/**
 * One cluster's summary from its fleet rows (this cache's, or every replica's merged: a row whose
 * owner did not answer has no stats, so it counts as stale).
 */
export function clusterSummaryOf(name: string, rows: readonly NodeRow[], evictions: number): ClusterSummary {
  const underPressure: ClusterSummary["underPressure"] = [];
  const margins: ClusterSummary["worstMargins"] = [];
  let staleNodes = 0;
  for (const r of rows) {
    const set = PRESSURES.filter((c) => r.conditions[c]);
    if (set.length) underPressure.push({ node: r.name, conditions: [...set] });
    if (r.collection.state !== "ok" || (r.collection.ageSeconds ?? 0) > STALE_SECONDS) staleNodes++;
    // each family's smallest margin, hard or soft (the page says which); a met one leaves none
    for (const m of Object.values(r.worstMargin))
      if (m)
        margins.push({ node: r.name, signal: m.signal, fraction: m.met ? Math.min(0, m.fraction) : m.fraction, kind: m.kind });
  }
  underPressure.sort((a, b) => a.node.localeCompare(b.node));
  return {
    name,
    // "" is this Headroom itself: its node links stay on this site
    link: "",
    nodes: rows.length,
    underPressure,
    worstMargins: margins.sort((a, b) => a.fraction - b.fraction).slice(0, WORST),
    evictionsLastHour: evictions,
    staleNodes,
    headroomUp: null,
  };
}
