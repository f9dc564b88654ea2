import "server-only";

import type { Finding } from "@/lib/whatif/advisor-fixes";

import { metricsFindings } from "../documents/findings";
import type { ClusterCache } from "../store/cache";
import { LATENCY_BUCKETS } from "./collect-stats";
import { writePressureMetrics } from "./metrics-pressure";
import { writeNodeFamilies, type ScrapeNode } from "./node-families";
import { esc, TextWriter, utf8 } from "./text-writer";

// The Prometheus exposition of the shared cache, computed on scrape from what the cache already
// holds (no kubelet or API-server traffic). At 5 000 nodes this is ~215 000 series, so the
// per-node families are written straight into one buffer (node-families.ts, text-writer.ts); the
// few dozen other series go through `Family`, whose label maps cost nothing at that count.

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
      for (const k in labels) l += `${l ? "," : "{"}${k}="${esc(labels[k]!)}"`;
      if (l) l += "}";
    }
    this.lines.push(`${this.name}${suffix}${l} ${num(value)}`);
  }
  text(): string {
    return this.lines.join("\n") + "\n";
  }
}

// Each advisor pass's family text, made once per pass (a scrape reuses the last pass: findings.ts).
const findingsText = new WeakMap<readonly Finding[], string>();

/** Counts findings per (node, rule, severity), in the order of the pass (errors first). */
function findingsFamily(all: readonly Finding[]): string {
  const hit = findingsText.get(all);
  if (hit !== undefined) return hit;
  const counts = new Map<string, { labels: Record<string, string>; n: number }>();
  for (const f of all) {
    if (f.node === null) continue;
    const key = `${f.node}\u0000${f.rule}\u0000${f.severity}`;
    const c = counts.get(key);
    if (c) c.n++;
    else counts.set(key, { labels: { node: f.node, rule: f.rule, severity: f.severity }, n: 1 });
  }
  const family = new Family(
    "headroom_config_finding",
    "gauge",
    "Kubelet-configuration advisor findings on a node (docs/advisor.md), by rule and severity: how many there are now.",
  );
  for (const { labels, n } of counts.values()) family.add(labels, n);
  const text = family.text();
  findingsText.set(all, text);
  return text;
}

// The last scrape's size per cache: the next one's buffer starts there and is not regrown.
const lastSize = new WeakMap<ClusterCache, number>();

/**
 * The cache's per-node and collection metrics in the Prometheus text format, as UTF-8 bytes (a
 * buffer of this call's own). The advisor's findings are the last pass (findings.ts,
 * `metricsFindings`): the route asks for the next one once the answer is out.
 */
export function renderCacheMetricsBytes(cache: ClusterCache, wallNow = cache.clock.now()): Buffer {
  const w = new TextWriter(Math.ceil((lastSize.get(cache) ?? 1 << 20) * 1.1));
  const clusterNow = cache.now();
  const interval = cache.settings.summaryIntervalMs;
  const states: Record<string, number> = { ok: 0, stale: 0, failed: 0, pending: 0 };
  let oldest = 0;
  const nodes: ScrapeNode[] = [];
  for (const [name, s] of cache.states) {
    const row = s.row;
    if (!row) continue;
    const collection = s.collection(wallNow, interval);
    states[collection.state] = (states[collection.state] ?? 0) + 1;
    if (collection.ageSeconds !== null) oldest = Math.max(oldest, collection.ageSeconds);
    nodes.push({ n: utf8(esc(name)), row, signals: s.signals ?? [], pressure: s.pressure, collection });
  }
  writeNodeFamilies(w, nodes, clusterNow, findingsFamily(metricsFindings(cache)));
  const small = new Family("headroom_nodes", "gauge", "Nodes by kubelet collection state.");
  for (const [state, n] of Object.entries(states)) small.add({ state }, n);
  w.str(small.text());
  w.str(clusterFamilies(cache, oldest).join(""));
  writePressureMetrics(w, nodes);
  lastSize.set(cache, w.pos);
  return w.view();
}

/** The same text as a string (tests and benches; the route sends the bytes). */
export function renderCacheMetrics(cache: ClusterCache, wallNow = cache.clock.now()): string {
  return renderCacheMetricsBytes(cache, wallNow).toString("utf8");
}

/** The families about the cache as a whole and its collection, each as its text. */
function clusterFamilies(cache: ClusterCache, oldest: number): string[] {
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
  return [cacheAge, readyGauge, synced, healthy, apiServer, evictions, ...collectionFamilies(cache)].map((f) => f.text());
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
