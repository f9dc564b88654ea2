import "server-only";
import type { ClusterOverview, NodeRow } from "@/lib/dto";
import type { ClusterCache } from "./cache";

export interface ClusterInfo {
  context: string;
  contexts: string[];
  demo: boolean;
}

const HOUR_MS = 3600_000;

/** Counts distinct pods evicted (node-pressure, per events and evicted pods) in the last hour. */
function evictionsLastHour(cache: ClusterCache, clusterNow: number): number {
  const seen = new Set<string>();
  for (const e of cache.events.store.values()) {
    if (e.reason !== "Evicted" || e.kind !== "Pod" || !e.time) continue;
    if (clusterNow - Date.parse(e.time) <= HOUR_MS) seen.add(`${e.namespace}/${e.name}`);
  }
  for (const p of cache.pods.store.values()) {
    if (p.status?.reason !== "Evicted") continue;
    const dt = (p.status.conditions as { type: string; lastTransitionTime?: string }[] | undefined)?.find((c) => c.type === "DisruptionTarget");
    const t = dt?.lastTransitionTime ? Date.parse(dt.lastTransitionTime) : NaN;
    if (!Number.isNaN(t) && clusterNow - t <= HOUR_MS) seen.add(`${p.metadata.namespace}/${p.metadata.name}`);
  }
  return seen.size;
}

/** Builds one node's row from its incrementally computed base plus the clock-dependent ages. */
export function rowOf(cache: ClusterCache, name: string, wallNow = Date.now(), clusterNow = cache.now()): NodeRow | null {
  const s = cache.states.get(name);
  if (!s?.row) return null;
  return { ...s.row, leaseAgeSeconds: s.leaseAge(clusterNow), collection: s.collection(wallNow, cache.settings.summaryIntervalMs) };
}

/** Builds the fleet overview from the cache (no I/O; O(nodes) with no engine runs). */
export function buildOverview(cache: ClusterCache, info: ClusterInfo): ClusterOverview {
  const wallNow = Date.now();
  const clusterNow = cache.now();
  const nodes: NodeRow[] = [];
  const reserved: Record<string, number> = {};
  const capacity: Record<string, number> = {};
  const configs: ClusterOverview["configs"] = {};
  let underPressure = 0;
  let collected = 0;
  for (const name of cache.states.keys()) {
    const row = rowOf(cache, name, wallNow, clusterNow);
    if (!row) continue;
    nodes.push(row);
    if (!configs[row.configId]) {
      const cfg = cache.states.get(name)!.config;
      configs[row.configId] = { kubeletConfig: cfg.kubeletConfig, kubeletFlags: cfg.kubeletFlags, source: cfg.source };
    }
    const c = row.conditions;
    if (c.MemoryPressure || c.DiskPressure || c.PIDPressure) underPressure++;
    if (row.collection.state === "ok") collected++;
    for (const [k, v] of Object.entries(row.capacity)) {
      capacity[k] = (capacity[k] ?? 0) + v;
      if (row.allocatable[k] !== undefined) reserved[k] = (reserved[k] ?? 0) + v - row.allocatable[k]!;
    }
  }
  nodes.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return {
    generatedAt: new Date(clusterNow).toISOString(),
    cluster: {
      context: info.context, contexts: info.contexts, demo: info.demo, collectionMode: cache.settings.mode,
      ready: cache.ready(), nodesTotal: nodes.length, nodesCollected: collected,
    },
    summary: { nodesUnderPressure: underPressure, evictionsLastHour: evictionsLastHour(cache, clusterNow), reserved, capacity },
    nodes,
    configs,
  };
}
