import "server-only";

import type { EvictionTimelineDoc } from "@/lib/contract/eviction-timeline";
import { redact } from "@/lib/k8s/io/errors";

import { counterGrowth, PrometheusError, promString, queryRange } from "./client";
import type { PrometheusSettings } from "./settings";

// A node's evictions over days, from headroom_evictions_observed_total (lib/k8s/metrics/eviction-tally.ts),
// one bucket per step (counterGrowth: a label set's first eviction counts too).

/**
 * Entries one timeline carries (the newest; a week by the hour for thirty workloads is 5 040). Past
 * it the document says how many it left out, so a hostile or runaway answer cannot make a response
 * many times the size of the answer it came from (each entry repeats its labels).
 */
const MAX_TIMELINE_ENTRIES = 5_000;

/** The node's evictions between `from` and `to` (unix seconds), one bucket of `step` seconds each, newest first. */
export async function evictionTimeline(
  s: PrometheusSettings,
  node: string,
  from: number,
  to: number,
  step: number,
): Promise<EvictionTimelineDoc> {
  const m = `headroom_evictions_observed_total{${[`node=${promString(node)}`, ...s.matchers].join(",")}}`;
  const by = ["namespace", "workload_kind", "workload", "signal"];
  const query = `sum by (${by.join(", ")}) ${counterGrowth(m, `${step}s`)}`;
  const series = await queryRange(s, query, from, to, step, by);
  // Grouped by hour first: the sort then costs the hours, not the entries, and the cap keeps the newest.
  const hours = new Map<number, EvictionTimelineDoc["entries"]>();
  let total = 0;
  for (const x of series) {
    const labels = {
      namespace: x.metric.namespace ?? "",
      workloadKind: x.metric.workload_kind ?? "",
      workload: x.metric.workload ?? "",
      signal: x.metric.signal ?? "",
    };
    for (const [at, v] of x.values) {
      if (!Number.isFinite(v) || Math.round(v) <= 0) continue;
      const list = hours.get(at) ?? [];
      list.push({ at, ...labels, count: Math.round(v) });
      hours.set(at, list);
      total++;
    }
  }
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const entries: EvictionTimelineDoc["entries"] = [];
  for (const at of [...hours.keys()].sort((a, b) => b - a)) {
    if (entries.length >= MAX_TIMELINE_ENTRIES) break;
    const list = hours.get(at)!.sort((a, b) => cmp(a.namespace, b.namespace) || cmp(a.workload, b.workload));
    entries.push(...list.slice(0, MAX_TIMELINE_ENTRIES - entries.length));
  }
  if (total > entries.length) return { source: "prometheus", from, to, entries, omitted: total - entries.length };
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
      reason: redact(`Prometheus did not answer: ${e instanceof PrometheusError ? e.message : (e as Error).message}`),
      from,
      to,
      entries: [],
    };
  }
}
