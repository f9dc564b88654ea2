import "server-only";

import type { EvictionTimelineDoc } from "@/lib/eviction-timeline-doc";

import { counterGrowth, PrometheusError, promString, queryRange } from "./client";
import type { PrometheusSettings } from "./settings";

// A node's evictions over days, from headroom_evictions_observed_total (lib/k8s/eviction-tally.ts),
// one bucket per step (counterGrowth: a label set's first eviction counts too).

/** The node's evictions between `from` and `to` (unix seconds), one bucket of `step` seconds each, newest first. */
export async function evictionTimeline(
  s: PrometheusSettings,
  node: string,
  from: number,
  to: number,
  step: number,
): Promise<EvictionTimelineDoc> {
  const m = `headroom_evictions_observed_total{${[`node=${promString(node)}`, ...s.matchers].join(",")}}`;
  const query = `sum by (namespace, workload_kind, workload, signal) ${counterGrowth(m, `${step}s`)}`;
  const series = await queryRange(s, query, from, to, step);
  const entries = series.flatMap((x) =>
    x.values
      .filter(([, v]) => Number.isFinite(v) && Math.round(v) > 0)
      .map(([at, v]) => ({
        at,
        namespace: x.metric.namespace ?? "",
        workloadKind: x.metric.workload_kind ?? "",
        workload: x.metric.workload ?? "",
        signal: x.metric.signal ?? "",
        count: Math.round(v),
      })),
  );
  entries.sort((a, b) => b.at - a.at || a.namespace.localeCompare(b.namespace) || a.workload.localeCompare(b.workload));
  return { source: "prometheus", from, to, entries };
}

const WEEK = 7 * 86400;
const HOUR = 3600;

/** The last 7 days by the hour; "unavailable" with the reason rather than an error, so the page says it in a line. */
export async function weekOfEvictions(s: PrometheusSettings | null, node: string, now: number): Promise<EvictionTimelineDoc> {
  const to = Math.floor(now / 1000);
  const from = to - WEEK;
  if (!s) return { source: "unavailable", reason: "no Prometheus configured (HEADROOM_PROMETHEUS_URL)", from, to, entries: [] };
  try {
    return await evictionTimeline(s, node, from, to, HOUR);
  } catch (e) {
    return {
      source: "unavailable",
      reason: `Prometheus did not answer: ${e instanceof PrometheusError ? e.message : (e as Error).message}`,
      from,
      to,
      entries: [],
    };
  }
}
