import "server-only";

import { PSI_PREFIX, RANGES, stepFor, type HistoryDoc, type Point, type RangeName } from "@/lib/contract/history";
import { redact } from "@/lib/k8s/io/errors";
import type { NodeState } from "@/lib/k8s/store/node-state";

import { PrometheusError, promString, queryRange, type RangeSeries } from "./client";
import type { PrometheusSettings } from "./settings";

// A node's signal history over a chosen range: from Prometheus (Headroom's own exported series,
// kept as long as Prometheus keeps them, across Headroom restarts and replicas) when configured,
// with the in-memory ring for the minutes Prometheus has not scraped yet; from the ring alone
// (the last HEADROOM_HISTORY_SECONDS) otherwise, or when Prometheus fails.

const selector = (node: string, s: PrometheusSettings) => `{${[`node=${promString(node)}`, ...s.matchers].join(",")}}`;

/**
 * Reads a node's observed values and thresholds from Prometheus. `max by` joins the series of
 * several Headroom replicas and of a restarted one (a new pod label) into one line per signal.
 */
export async function prometheusHistory(
  s: PrometheusSettings,
  node: string,
  from: number,
  to: number,
  step: number,
): Promise<HistoryDoc> {
  const sel = selector(node, s);
  const [observed, thresholds, psi] = await Promise.all([
    queryRange(s, `max by (signal) (headroom_signal_observed${sel})`, from, to, step, ["signal"]),
    queryRange(s, `max by (signal, kind) (headroom_signal_threshold${sel})`, from, to, step, ["signal", "kind"]),
    // the node's PSI counters, in µs as the ring keeps them (series "psi:memory.full", …)
    queryRange(s, `max by (resource, kind) (headroom_node_psi_seconds_total${sel}) * 1e6`, from, to, step, ["resource", "kind"]),
  ]);
  const finite = (r: RangeSeries) => r.values.filter(([, v]) => Number.isFinite(v));
  // One line per signal (`max by` gives that; a proxy or a broken server may not), thresholds
  // joined by signal through a map: linear in the answer, whatever its shape.
  const limits = new Map<string, HistoryDoc["series"][number]["thresholds"]>();
  for (const t of thresholds) {
    const { signal = "", kind } = t.metric;
    if (kind !== "hard" && kind !== "soft") continue;
    const list = limits.get(signal) ?? [];
    if (!list.some((x) => x.kind === kind)) list.push({ kind, points: finite(t) });
    limits.set(signal, list);
  }
  const bySignal = new Map<string, HistoryDoc["series"][number]>();
  for (const o of observed) {
    const signal = o.metric.signal ?? "";
    if (!bySignal.has(signal)) bySignal.set(signal, { signal, points: finite(o), thresholds: limits.get(signal) ?? [] });
  }
  for (const p of psi) {
    const signal = `${PSI_PREFIX}${p.metric.resource}.${p.metric.kind}`;
    if (!bySignal.has(signal)) bySignal.set(signal, { signal, points: finite(p), thresholds: [] });
  }
  const series = [...bySignal.values()].sort((a, b) => (a.signal < b.signal ? -1 : a.signal > b.signal ? 1 : 0));
  return { source: "prometheus", from, to, step, series };
}

/**
 * The ring's history resampled onto `step`, between `from` and `to` (unix seconds). Thresholds
 * are the node's current ones: the ring keeps observations only, and a node's configuration
 * changes rarely (configz is read every 5 minutes).
 */
function memoryHistory(state: NodeState, from: number, to: number, step: number): HistoryDoc {
  const grid = state.history.series(step);
  const series: HistoryDoc["series"] = [];
  for (const [signal, s] of Object.entries(grid.signals)) {
    const points: Point[] = [];
    s.available.forEach((v, i) => {
      const t = Math.round(grid.start / 1000) + i * step;
      if (v !== null && t >= from && t <= to) points.push([t, v]);
    });
    const report = state.signals?.find((r) => r.signal === signal);
    const thresholds = (report?.thresholds ?? []).map((t) => ({
      kind: t.kind,
      points: points.map(([time]) => [time, t.value] as Point),
    }));
    series.push({ signal, points, thresholds });
  }
  const psi = state.history.counterSeries(step) ?? { start: 0, intervalSeconds: step, signals: {} };
  for (const [name, s] of Object.entries(psi.signals)) {
    const points: Point[] = [];
    s.available.forEach((v, i) => {
      const t = Math.round(psi.start / 1000) + i * step;
      if (v !== null && t >= from && t <= to) points.push([t, v]);
    });
    series.push({ signal: `${PSI_PREFIX}${name}`, points, thresholds: [] });
  }
  series.sort((a, b) => a.signal.localeCompare(b.signal));
  return { source: "memory", from, to, step, series };
}

/** Appends the ring's points newer than Prometheus's last one (not scraped yet), per signal. */
export function withNewestFromMemory(prom: HistoryDoc, memory: HistoryDoc): HistoryDoc {
  const ring = new Map(memory.series.map((m) => [m.signal, m]));
  const series = prom.series.map((p) => {
    const m = ring.get(p.signal);
    const last = p.points.at(-1)?.[0] ?? -Infinity;
    if (!m) return p;
    const newer = (pts: Point[]) => pts.filter(([t]) => t > last);
    return {
      ...p,
      points: [...p.points, ...newer(m.points)],
      thresholds: p.thresholds.map((t) => ({
        ...t,
        points: [...t.points, ...newer(m.thresholds.find((x) => x.kind === t.kind)?.points ?? [])],
      })),
    };
  });
  // A signal Prometheus has never seen (a new node) still shows what the ring has.
  const known = new Set(prom.series.map((p) => p.signal));
  for (const m of memory.series) if (!known.has(m.signal)) series.push(m);
  return { ...prom, series };
}

export type HistoryResult = { ok: true; doc: HistoryDoc } | { ok: false; status: 404 | 502; error: string };

/**
 * The history document for a node: Prometheus plus the newest minutes, or the ring with the
 * reason Prometheus did not answer. A node no longer in the cluster (scaled away after its
 * evictions) is still answered from Prometheus: that is when a post-mortem needs it.
 */
export async function nodeHistory(opts: {
  node: string;
  state: NodeState | undefined;
  prometheus: PrometheusSettings | null;
  range: RangeName;
  now: number;
}): Promise<HistoryResult> {
  const to = Math.floor(opts.now / 1000);
  const step = stepFor(RANGES[opts.range]);
  const from = to - RANGES[opts.range];
  const memory = opts.state ? memoryHistory(opts.state, from, to, step) : null;
  const unknown = { ok: false, status: 404, error: `node ${JSON.stringify(opts.node)} not found` } as const;
  if (!opts.prometheus) return memory ? { ok: true, doc: memory } : unknown;
  try {
    const prom = await prometheusHistory(opts.prometheus, opts.node, from, to, step);
    if (!memory) return prom.series.length ? { ok: true, doc: prom } : unknown;
    return { ok: true, doc: withNewestFromMemory(prom, memory) };
  } catch (e) {
    const reason = redact(e instanceof PrometheusError ? e.message : `unexpected: ${(e as Error).message}`);
    if (memory) return { ok: true, doc: { ...memory, prometheusError: reason } };
    return {
      ok: false,
      status: 502,
      error: `node ${JSON.stringify(opts.node)} is not in the cluster and Prometheus did not answer: ${reason}`,
    };
  }
}
