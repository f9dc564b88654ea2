import "server-only";

import { type ClustersDocument, type ClusterSummary } from "@/lib/clusters-doc";

import { counterGrowth, queryInstant, type InstantSample } from "./client";
import type { PrometheusSettings } from "./settings";

// Each cluster runs its own Headroom; Prometheus (or Thanos/Mimir in front of several) holds
// their series with a `cluster` label. This reads a few aggregate queries, so its cost does not
// grow with the number of nodes shown: at most WORST margins and the pressured nodes per cluster.

const WORST = 5;

/** `name{…matchers}` with the configured matchers added (a label filter for a shared Prometheus). */
function metric(name: string, s: PrometheusSettings, extra: string[] = []): string {
  const m = [...extra, ...s.matchers];
  return m.length ? `${name}{${m.join(",")}}` : name;
}

/** The PromQL of each figure, by cluster. */
function clusterQueries(s: PrometheusSettings) {
  const evictions = metric("headroom_evictions_observed_total", s);
  return {
    nodes: `count by (cluster) (max by (cluster, node) (${metric("headroom_node_ready", s)}))`,
    pressure: `max by (cluster, node, condition) (${metric("headroom_node_condition", s)}) == 1`,
    worst: `bottomk by (cluster) (${WORST}, min by (cluster, node, signal) (${metric("headroom_signal_margin", s, ['kind="hard"'])} / ignoring (kind) ${metric("headroom_signal_capacity", s)}))`,
    evictions: `sum by (cluster) ${counterGrowth(evictions, "1h")}`,
    stale: `count by (cluster) (max by (cluster, node) (${metric("headroom_node_stats_age_seconds", s)}) > 60)`,
    up: `max by (cluster) (${metric("up", s, ['job="headroom"'])})`,
  };
}

const byCluster = (samples: InstantSample[]) => {
  const m = new Map<string, InstantSample[]>();
  for (const x of samples) {
    const c = x.metric.cluster ?? "";
    m.set(c, [...(m.get(c) ?? []), x]);
  }
  return m;
};

/** Every cluster Prometheus has Headroom series for, pressured ones first. */
export async function clustersOverview(
  s: PrometheusSettings,
  links: Record<string, string>,
  now: Date,
): Promise<ClustersDocument> {
  const q = clusterQueries(s);
  const [nodes, pressure, worst, evictions, stale, up] = await Promise.all(
    [q.nodes, q.pressure, q.worst, q.evictions, q.stale, q.up].map((query) => queryInstant(s, query)),
  );
  const names = new Set([...nodes!, ...pressure!, ...worst!, ...up!].map((x) => x.metric.cluster ?? ""));
  const [P, W, E, S, U, N] = [pressure!, worst!, evictions!, stale!, up!, nodes!].map(byCluster);
  const clusters: ClusterSummary[] = [...names].map((name) => {
    const conditions = new Map<string, string[]>();
    for (const x of P!.get(name) ?? [])
      conditions.set(x.metric.node ?? "", [...(conditions.get(x.metric.node ?? "") ?? []), x.metric.condition ?? ""].sort());
    const upValue = U!.get(name)?.[0]?.value;
    return {
      name,
      link: links[name] ?? null,
      nodes: N!.get(name)?.[0]?.value ?? 0,
      underPressure: [...conditions].map(([node, c]) => ({ node, conditions: c })).sort((a, b) => a.node.localeCompare(b.node)),
      worstMargins: (W!.get(name) ?? [])
        .map((x) => ({ node: x.metric.node ?? "", signal: x.metric.signal ?? "", fraction: x.value, kind: "hard" as const }))
        .filter((x) => Number.isFinite(x.fraction))
        .sort((a, b) => a.fraction - b.fraction),
      evictionsLastHour: Math.round(E!.get(name)?.[0]?.value ?? 0),
      staleNodes: S!.get(name)?.[0]?.value ?? 0,
      headroomUp: upValue === undefined ? null : upValue === 1,
    };
  });
  clusters.sort(
    (a, b) =>
      b.underPressure.length - a.underPressure.length ||
      (a.worstMargins[0]?.fraction ?? 1) - (b.worstMargins[0]?.fraction ?? 1) ||
      a.name.localeCompare(b.name),
  );
  return { generatedAt: now.toISOString(), clusters, source: "prometheus", prometheusError: null };
}
