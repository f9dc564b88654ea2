import "server-only";

import { clusterOverview, type ClusterOverview, type NodeRow } from "@/lib/contract/dto";

import type { ClusterCache } from "../store/cache";
import { overviewFindingCounts } from "./findings";

export interface ClusterInfo {
  context: string;
  contexts: string[];
  demo: boolean;
}

const HOUR_MS = 3600_000;

/** The fleet summary's running totals: nodes under pressure, capacity, and what is reserved out of it. */
export interface FleetTotals {
  underPressure: number;
  reserved: Record<string, number>;
  capacity: Record<string, number>;
}

/** Adds one row to the fleet totals (this process's rows, or every replica's in the merged overview). */
export function tallyRow(t: FleetTotals, row: Pick<NodeRow, "conditions" | "capacity" | "allocatable">): void {
  const c = row.conditions;
  if (c.MemoryPressure || c.DiskPressure || c.PIDPressure) t.underPressure++;
  for (const [k, v] of Object.entries(row.capacity)) {
    t.capacity[k] = (t.capacity[k] ?? 0) + v;
    if (row.allocatable[k] !== undefined) t.reserved[k] = (t.reserved[k] ?? 0) + v - row.allocatable[k]!;
  }
}

/** Counts distinct pods evicted (node-pressure, per events and evicted pods) in the last hour. */
export function evictionsLastHour(cache: ClusterCache, clusterNow: number): number {
  const seen = new Set<string>();
  for (const e of cache.events.store.values()) {
    if (e.reason !== "Evicted" || e.kind !== "Pod" || !e.time) continue;
    if (clusterNow - Date.parse(e.time) <= HOUR_MS) seen.add(`${e.namespace}/${e.name}`);
  }
  for (const p of cache.pods.store.values()) {
    if (p.status?.reason !== "Evicted") continue;
    const dt = (p.status.conditions as { type: string; lastTransitionTime?: string }[] | undefined)?.find(
      (c) => c.type === "DisruptionTarget",
    );
    const t = dt?.lastTransitionTime ? Date.parse(dt.lastTransitionTime) : NaN;
    if (!Number.isNaN(t) && clusterNow - t <= HOUR_MS) seen.add(`${p.metadata.namespace}/${p.metadata.name}`);
  }
  return seen.size;
}

/**
 * Builds one node's row from its incrementally computed base plus the clock-dependent ages. Its
 * findings come from the advisor pass the streamed overview uses (overviewFindingCounts), so every
 * path that builds rows shows the same counts.
 */
export function rowOf(
  cache: ClusterCache,
  name: string,
  wallNow = cache.clock.now(),
  clusterNow = cache.now(),
  findings?: ReturnType<typeof overviewFindingCounts>,
): NodeRow | null {
  const s = cache.states.get(name);
  if (!s?.row) return null;
  const counts = findings ?? overviewFindingCounts(cache);
  // a row built on its own asks for a stale pass to be redone after this task, as the overview does
  if (!findings) counts.whenSent();
  return {
    ...s.row,
    leaseAgeSeconds: s.leaseAge(clusterNow),
    collection: s.collection(wallNow, cache.settings.summaryIntervalMs),
    findings: counts.countsOf(name),
  };
}

export type Envelope = Omit<ClusterOverview, "nodes">;

/** During the first sync, until the pod list is in (rows wait for it): the pods it brought so far. */
function podsListed(cache: ClusterCache): { podsListed?: number } {
  const n = cache.podListProgress();
  return n === null ? {} : { podsListed: n };
}

/** Walks the cache once: the envelope (cluster, summary, configs) and the node names in order. */
export function envelope(
  cache: ClusterCache,
  info: ClusterInfo,
  wallNow: number,
  clusterNow: number,
): { env: Envelope; names: string[] } {
  const totals: FleetTotals = { underPressure: 0, reserved: {}, capacity: {} };
  const configs: ClusterOverview["configs"] = {};
  const names: string[] = [];
  let collected = 0;
  // Counted over the nodes, not the rows: during the first pod list rows wait for it (cache.ts),
  // while the first sync's progress still counts every Summary in.
  let known = 0;
  for (const [name, s] of cache.states) {
    if (!s.node && !s.row) continue; // pods of a node the Node informer does not list (yet)
    known++;
    if (s.collection(wallNow, cache.settings.summaryIntervalMs).state === "ok") collected++;
    const row = s.row;
    if (!row) continue;
    names.push(name);
    if (!configs[row.configId])
      configs[row.configId] = {
        kubeletConfig: s.config.kubeletConfig,
        kubeletFlags: s.config.kubeletFlags,
        source: s.config.source,
      };
    tallyRow(totals, row);
  }
  names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const env: Envelope = {
    generatedAt: new Date(clusterNow).toISOString(),
    cluster: {
      context: info.context,
      contexts: info.contexts,
      demo: info.demo,
      collectionMode: cache.settings.mode,
      ready: cache.ready(),
      nodesTotal: known,
      nodesCollected: collected,
      apiServer: cache.apiServer(),
      ...podsListed(cache),
    },
    summary: {
      nodesUnderPressure: totals.underPressure,
      evictionsLastHour: evictionsLastHour(cache, clusterNow),
      reserved: totals.reserved,
      capacity: totals.capacity,
    },
    configs,
  };
  return { env, names };
}

/** Builds the fleet overview from the cache (no I/O; O(nodes) with no engine runs). */
export function buildOverview(
  cache: ClusterCache,
  info: ClusterInfo,
  wallNow = cache.clock.now(),
  clusterNow = cache.now(),
): ClusterOverview {
  const { env, names } = envelope(cache, info, wallNow, clusterNow);
  const findings = overviewFindingCounts(cache);
  const nodes = names.map((n) => rowOf(cache, n, wallNow, clusterNow, findings)!);
  findings.whenSent();
  return { ...env, nodes };
}

export const envelopeSchema = clusterOverview.omit({ nodes: true });

/** Rows per slice of a streamed overview: ~1 MB of JSON, a few milliseconds of work. */
const ROWS_PER_SLICE = 500;

/**
 * The same document as buildOverview, serialized for the route, as text slices. Each row's JSON
 * was rendered (and validated) when the node last changed, so a request only appends the ages.
 * Everything is read from the cache now, a consistent snapshot; the text is produced as the
 * caller pulls (the route joins it in one task: lib/k8s/documents/api.ts says why). With `table`, the
 * rows leave out `labels` and `observations` (the fleet table's first paint; FleetRow in dto.ts).
 */
export function overviewSlices(
  cache: ClusterCache,
  info: ClusterInfo,
  wallNow = cache.clock.now(),
  clusterNow = cache.now(),
  rowsPerSlice = ROWS_PER_SLICE,
  table = false,
): Generator<string, void, undefined> {
  const { env, names } = envelope(cache, info, wallNow, clusterNow);
  envelopeSchema.parse(env);
  const interval = cache.settings.summaryIntervalMs;
  const findings = overviewFindingCounts(cache);
  const rows = names.map((n) => {
    const s = cache.states.get(n)!;
    return {
      json: table ? s.rowJson : s.rowJson + s.rowExtraJson,
      leaseAge: s.leaseAge(clusterNow),
      collection: s.collection(wallNow, interval),
      findings: findings.countsOf(n),
    };
  });
  return (function* () {
    try {
      yield `${JSON.stringify(env).slice(0, -1)},"nodes":[`;
      for (let i = 0; i < rows.length; i += rowsPerSlice) {
        const slice = rows
          .slice(i, i + rowsPerSlice)
          .map(
            (r) =>
              `${r.json},"leaseAgeSeconds":${JSON.stringify(r.leaseAge)},"collection":${JSON.stringify(r.collection)},"findings":${JSON.stringify(r.findings)}}`,
          );
        yield (i === 0 ? "" : ",") + slice.join(",");
      }
      yield "]}";
    } finally {
      // sent or abandoned: a stale advisor pass is redone now, off this response's path
      findings.whenSent();
    }
  })();
}

/** The whole overview as one JSON text (the route, tests, benchmarks); `table` as in overviewSlices. */
export function overviewJson(
  cache: ClusterCache,
  info: ClusterInfo,
  wallNow = cache.clock.now(),
  clusterNow = cache.now(),
  table = false,
): string {
  return [...overviewSlices(cache, info, wallNow, clusterNow, ROWS_PER_SLICE, table)].join("");
}
