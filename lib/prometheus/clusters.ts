import "server-only";

import { type ClustersDocument, type ClusterSummary } from "@/lib/contract/clusters";

import { counterGrowth, queryInstant, type InstantSample } from "./client";
import type { PrometheusSettings } from "./settings";

// Each cluster runs its own Headroom; Prometheus (or Thanos/Mimir in front of several) holds
// their series with a `cluster` label. This reads a few aggregate queries, so its cost does not
// grow with the number of nodes shown: at most WORST margins and the pressured nodes per cluster.

const WORST = 5;

// Code-point order: localeCompare costs a microsecond a call, a quarter second over 20 000 nodes.
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

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
    // push, not spread: a copy per sample made this quadratic in a cluster's series
    const list = m.get(c) ?? [];
    list.push(x);
    m.set(c, list);
  }
  return m;
};

/** The `by (…)` labels of each query, in clusterQueries' order. */
const BY = [["cluster"], ["cluster", "node", "condition"], ["cluster", "node", "signal"], ["cluster"], ["cluster"], ["cluster"]];

/** Every cluster Prometheus has Headroom series for, pressured ones first. */
export async function clustersOverview(
  s: PrometheusSettings,
  links: Record<string, string>,
  now: Date,
): Promise<ClustersDocument> {
  const q = clusterQueries(s);
  const [nodes, pressure, worst, evictions, stale, up] = await Promise.all(
    [q.nodes, q.pressure, q.worst, q.evictions, q.stale, q.up].map((query, i) => queryInstant(s, query, BY[i])),
  );
  const names = new Set([...nodes!, ...pressure!, ...worst!, ...up!].map((x) => x.metric.cluster ?? ""));
  const [P, W, E, S, U, N] = [pressure!, worst!, evictions!, stale!, up!, nodes!].map(byCluster);
  const clusters: ClusterSummary[] = [...names].map((name) => {
    const conditions = new Map<string, string[]>();
    for (const x of P!.get(name) ?? []) {
      const list = conditions.get(x.metric.node ?? "") ?? [];
      list.push(x.metric.condition ?? "");
      conditions.set(x.metric.node ?? "", list);
    }
    for (const list of conditions.values()) list.sort();
    const upValue = U!.get(name)?.[0]?.value;
    return {
      name,
      link: links[name] ?? null,
      nodes: N!.get(name)?.[0]?.value ?? 0,
      underPressure: [...conditions].map(([node, c]) => ({ node, conditions: c })).sort((a, b) => byText(a.node, b.node)),
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
      byText(a.name, b.name),
  );
  return { generatedAt: now.toISOString(), clusters, source: "prometheus", prometheusError: null };
}
