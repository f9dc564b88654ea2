// The /metrics renderer as it was before round five (commit c911070, lib/k8s/metrics/exposition.ts and
// metrics-pressure.ts),
// kept verbatim as the oracle: metrics-same-text.test.ts holds today's renderer to its text line
// by line, and scripts/bench-metrics.ts (BENCH_AB=1) times both on the same cache.
import { fleetFindings } from "@/lib/k8s/documents/findings";
import { LATENCY_BUCKETS } from "@/lib/k8s/metrics/collect-stats";
import type { ClusterCache } from "@/lib/k8s/store/cache";
import { PSI_SERIES, type NodePressure } from "@/lib/k8s/store/node-pressure";
import type { Finding } from "@/lib/whatif/advisor-fixes";

// The Prometheus exposition of the shared cache, computed on scrape from what the cache already
// holds (no kubelet or API-server traffic). At 5 000 nodes this is ~100 000 series, so the
// per-node families are written straight into a string array: building them through a metrics
// library's label maps costs ~10x more per scrape for the same text.

const NEEDS_ESCAPE = /[\\"\n]/;
const esc = (v: string) => (NEEDS_ESCAPE.test(v) ? v.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n") : v);
const num = (v: number) => (Number.isFinite(v) ? String(v) : v > 0 ? "+Inf" : v < 0 ? "-Inf" : "NaN");

class Family {
  readonly lines: string[];
  constructor(
    readonly name: string,
    type: "gauge" | "counter" | "histogram",
    help: string,
  ) {
    this.lines = [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`];
  }
  add(labels: Record<string, string> | null, value: number, suffix = ""): void {
    let l = "";
    if (labels) {
      // no Object.entries/map/join: this runs ~170 000 times a scrape at 5 000 nodes
      for (const k in labels) l += `${l ? "," : "{"}${k}="${esc(labels[k]!)}"`;
      if (l) l += "}";
    }
    this.lines.push(`${this.name}${suffix}${l} ${num(value)}`);
  }
}

/** Counts findings per (node, rule, severity), keyed by their labels as JSON. */
function findingCounts(all: readonly Finding[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of all) {
    if (f.node === null) continue;
    const key = JSON.stringify({ node: f.node, rule: f.rule, severity: f.severity });
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}

/** Renders the cache's per-node and collection metrics in the Prometheus text format. */
export function renderCacheMetricsBefore(cache: ClusterCache, wallNow = cache.clock.now()): string {
  const observed = new Family(
    "headroom_signal_observed",
    "gauge",
    "Observed available amount of an eviction signal (bytes, inodes or PIDs), computed the kubelet's way.",
  );
  const threshold = new Family(
    "headroom_signal_threshold",
    "gauge",
    "Resolved eviction threshold of a signal on a node (same unit as observed).",
  );
  const margin = new Family(
    "headroom_signal_margin",
    "gauge",
    "Observed minus threshold; at or below zero the threshold is met.",
  );
  // Only for signals with a threshold: alerts divide a margin by it, and the rest would add
  // ~20 000 series at 5 000 nodes for nothing.
  const capacity = new Family(
    "headroom_signal_capacity",
    "gauge",
    "Capacity of a signal that has a threshold on the node (same unit as observed), for margins as a fraction.",
  );
  const condition = new Family("headroom_node_condition", "gauge", "Node pressure conditions (1 = True).");
  const ready = new Family("headroom_node_ready", "gauge", "Node Ready condition status (1 for the current status).");
  const candidates = new Family(
    "headroom_eviction_candidate_pods",
    "gauge",
    "Active pods on a node where a hard or soft threshold is met (the kubelet's ranking candidates), else 0.",
  );
  const age = new Family(
    "headroom_node_stats_age_seconds",
    "gauge",
    "Seconds since the node's last successful Summary collection.",
  );
  // The live forecast's soonest eviction per node (the fleet page's "Next eviction" column), so a
  // dashboard can list nodes under pressure with what comes next; only nodes where one is expected.
  const nextEviction = new Family(
    "headroom_node_next_eviction_seconds",
    "gauge",
    "Seconds until the live forecast's next eviction on the node (0 = the kubelet acts on its next cycle), by signal and why.",
  );
  const collectionState = new Family(
    "headroom_node_collection_state",
    "gauge",
    "The node's kubelet collection state (1 for the current one: ok, stale, failed or pending).",
  );
  const clusterNow = cache.now();
  const states: Record<string, number> = { ok: 0, stale: 0, failed: 0, pending: 0 };
  let oldest = 0;
  const interval = cache.settings.summaryIntervalMs;
  // Lines are concatenated here rather than through Family.add's label maps: ~200 000 series at
  // 5 000 nodes, where a label object, an escape test and a template per label value were most of
  // a scrape. Each node's name is escaped once; signal, kind, condition and state are closed sets
  // of plain words that never need escaping (the row's zod schema and the engine's types).
  for (const [name, s] of cache.states) {
    const row = s.row;
    if (!row) continue;
    const n = esc(name);
    const node = `{node="${n}"}`;
    const bySignal = `{node="${n}",signal="`;
    let met = false;
    for (const sig of s.signals ?? []) {
      const sl = bySignal + sig.signal;
      observed.lines.push(`headroom_signal_observed${sl}"} ${num(sig.available)}`);
      if (sig.thresholds.length) capacity.lines.push(`headroom_signal_capacity${sl}"} ${num(sig.capacity)}`);
      for (const t of sig.thresholds) {
        const l = `${sl}",kind="${t.kind}"} `;
        threshold.lines.push(`headroom_signal_threshold${l}${num(t.value)}`);
        margin.lines.push(`headroom_signal_margin${l}${num(t.margin)}`);
        met ||= t.met;
      }
    }
    for (const c in row.conditions)
      condition.lines.push(
        `headroom_node_condition{node="${n}",condition="${c}"} ${row.conditions[c as keyof typeof row.conditions] ? 1 : 0}`,
      );
    ready.lines.push(`headroom_node_ready{node="${n}",status="${esc(row.ready)}"} 1`);
    candidates.lines.push(`headroom_eviction_candidate_pods${node} ${met ? row.podCount : 0}`);
    const next = row.nextEviction;
    if (next)
      nextEviction.lines.push(
        `headroom_node_next_eviction_seconds${bySignal}${next.signal}",because="${esc(next.because)}"} ${num(Math.max(0, Math.round((next.at - clusterNow) / 100) / 10))}`,
      );
    const st = s.collection(wallNow, interval);
    states[st.state] = (states[st.state] ?? 0) + 1;
    collectionState.lines.push(`headroom_node_collection_state{node="${n}",state="${st.state}"} 1`);
    if (st.ageSeconds !== null) {
      age.lines.push(`headroom_node_stats_age_seconds${node} ${num(st.ageSeconds)}`);
      oldest = Math.max(oldest, st.ageSeconds);
    }
  }
  const nodes = new Family("headroom_nodes", "gauge", "Nodes by kubelet collection state.");
  for (const [state, n] of Object.entries(states)) nodes.add({ state }, n);
  const cacheAge = new Family("headroom_cache_age_seconds", "gauge", "Age of the oldest kubelet Summary in the cache.");
  cacheAge.add(null, oldest);
  const readyGauge = new Family(
    "headroom_cache_ready",
    "gauge",
    "1 once the first full sync (informers and every kubelet) is done.",
  );
  readyGauge.add(null, cache.ready() ? 1 : 0);
  const synced = new Family("headroom_informer_synced", "gauge", "1 when the informer has listed and is watching.");
  for (const r of [cache.nodes, cache.pods, cache.leases, cache.events])
    synced.add({ resource: r.status.resource }, r.status.synced ? 1 : 0);
  const evictions = new Family(
    "headroom_evictions_observed_total",
    "counter",
    "Kubelet evictions Headroom saw happen since it started (after its first list), by node, namespace, owning workload and signal.",
  );
  for (const e of cache.evictions.entries()) evictions.add({ ...e.labels }, e.value);
  const healthy = new Family(
    "headroom_informer_healthy",
    "gauge",
    "1 while the informer has no current error (its last list or watch was answered).",
  );
  for (const r of [cache.nodes, cache.pods, cache.leases, cache.events])
    healthy.add({ resource: r.status.resource }, r.status.error === null ? 1 : 0);
  const apiServer = new Family(
    "headroom_apiserver_reachable",
    "gauge",
    "0 while the API server gives the informers no HTTP answer at all.",
  );
  apiServer.add(null, cache.apiServer().reachable ? 1 : 0);
  const findings = new Family(
    "headroom_config_finding",
    "gauge",
    "Kubelet-configuration advisor findings on a node (docs/advisor.md), by rule and severity: how many there are now.",
  );
  for (const [key, n] of findingCounts(fleetFindings(cache))) findings.add(JSON.parse(key) as Record<string, string>, n);
  const pressure = renderPressureMetrics(
    [...cache.states].map(([name, s]) => [name, s.row ? s.pressure : null]),
    esc,
  );
  return (
    [
      observed,
      threshold,
      margin,
      findings,
      capacity,
      condition,
      ready,
      candidates,
      nextEviction,
      age,
      collectionState,
      nodes,
      cacheAge,
      readyGauge,
      synced,
      healthy,
      apiServer,
      evictions,
      ...collectionFamilies(cache),
    ]
      .map((f) => f.lines.join("\n"))
      .concat(pressure)
      .join("\n") + "\n"
  );
}

function collectionFamilies(cache: ClusterCache): Family[] {
  const st = cache.collectStats;
  const latency = new Family(
    "headroom_collection_duration_seconds",
    "histogram",
    "Latency of successful kubelet Summary collections.",
  );
  LATENCY_BUCKETS.forEach((le, i) => latency.add({ le: String(le) }, st.buckets[i]!, "_bucket"));
  latency.add({ le: "+Inf" }, st.count, "_bucket");
  latency.add(null, st.sumSeconds, "_sum");
  latency.add(null, st.count, "_count");
  const errors = new Family(
    "headroom_collection_errors_total",
    "counter",
    "Failed kubelet Summary collections (timeouts, HTTP errors, bad data).",
  );
  errors.add(null, st.failures);
  const sent = new Family("headroom_kubelet_requests_total", "counter", "Requests sent to kubelets, by endpoint.");
  sent.add({ endpoint: "summary" }, cache.collector.sent.summary);
  sent.add({ endpoint: "configz" }, cache.collector.sent.configz);
  const held = new Family(
    "headroom_collection_held_seconds_total",
    "counter",
    "Seconds new kubelet requests waited while the server answered viewers' requests.",
  );
  held.add(null, cache.collector.heldMs / 1000);
  const lag = new Family(
    "headroom_collection_lag_seconds",
    "gauge",
    "How late the most overdue kubelet Summary collection is (0 = keeping up).",
  );
  lag.add(null, cache.collector.lagMs() / 1000);
  const threads = new Family(
    "headroom_collection_threads_started_total",
    "counter",
    "Collection threads started (1 in a healthy process; more means the thread died and was restarted).",
  );
  threads.add(null, cache.kubelets.threadsStarted);
  return [latency, errors, sent, held, lag, threads];
}

// Node PSI and swap for /metrics. The stall counters are exported as Prometheus counters in
// seconds (the Summary's `total` is µs), so rate() over any window gives the stalled fraction
// of time, as the kernel's avg10/avg60 do for their fixed windows; no gauge per average is
// needed. A node whose kubelet reports no PSI (or the all-zero PSI of kubernetes#136333) has no
// series, and one `headroom_node_psi_reported` gauge says so. Lines are written directly: at
// 5 000 nodes this is 35 000 series on every scrape.

// `resource="cpu",kind="some` for each of PSI_SERIES ("cpu.some"), split once rather than per node.
const PSI_LABELS = PSI_SERIES.map((series) => {
  const [r, k] = series.split(".");
  return `resource="${r}",kind="${k}`;
});

/** Renders the PSI and swap families for the given nodes' pressure. */
function renderPressureMetrics(nodes: Iterable<[string, NodePressure | null]>, esc: (v: string) => string): string[] {
  const psi = [
    "# HELP headroom_node_psi_seconds_total Seconds tasks on the node stalled on a resource (PSI total from the kubelet Summary; kind some = at least one task, full = all non-idle tasks).",
    "# TYPE headroom_node_psi_seconds_total counter",
  ];
  const reported = [
    "# HELP headroom_node_psi_reported 1 when the node's kubelet reports PSI; 0 when it does not (older kubelet, KubeletPSI gate off, or all-zero counters of a node without PSI).",
    "# TYPE headroom_node_psi_reported gauge",
  ];
  const swap = [
    "# HELP headroom_node_swap_usage_bytes Swap in use on the node (Summary node.swap.swapUsageBytes); the kubelet's memory.available ignores it.",
    "# TYPE headroom_node_swap_usage_bytes gauge",
  ];
  for (const [name, p] of nodes) {
    if (!p) continue;
    const node = esc(name);
    reported.push(`headroom_node_psi_reported{node="${node}"} ${p.totals ? 1 : 0}`);
    const totals = p.totals;
    if (totals)
      for (let i = 0; i < totals.length; i++) {
        const total = totals[i]!;
        if (!Number.isNaN(total)) psi.push(`headroom_node_psi_seconds_total{node="${node}",${PSI_LABELS[i]}"} ${total / 1e6}`);
      }
    // only nodes with a swap device: every kubelet since 1.28 reports swap, mostly 0 of 0
    const used = p.swapUsageBytes;
    if (used != null && (used > 0 || (p.swapAvailableBytes ?? 0) > 0))
      swap.push(`headroom_node_swap_usage_bytes{node="${node}"} ${used}`);
  }
  return [psi.join("\n"), reported.join("\n"), swap.join("\n")];
}
