// Which nodes a pool/fleet what-if covers, and the one load of the fleet document it needs. The
// Web Worker (fleet-whatif.worker.ts) runs this itself, so the 9 MB document is fetched and parsed
// off the main thread; the main-thread fallback (no Worker) runs the same code.
import { CLUSTER_URL, getJson } from "@/lib/client/cluster-query";
import type { ClusterOverview, NodeRow } from "@/lib/contract/dto";
import { parseOverviewEnvelope } from "@/lib/contract/overview-envelope";
import { groupByConfig, type ConfigGroup } from "@/lib/whatif/kubelet-fragment";

/** The nodes of a what-if scope: every node, or one pool (the page's own node always included). */
export type FleetSource = { scope: "all" } | { scope: "pool"; pool: string | null; node: string };

export interface LoadedSource {
  rows: readonly NodeRow[];
  configs: ClusterOverview["configs"];
  /** Pods on those nodes, for the verdict ("all 31 pods still fit"). */
  pods: number;
  /** The nodes by effective kubelet configuration: "Apply it" writes one fragment per group. */
  groups: ConfigGroup[];
}

export const sourceKey = (s: FleetSource) => (s.scope === "all" ? "all" : `pool:${s.pool ?? ""}:${s.node}`);

// A what-if reads the fleet once, not on every step; a minute-old fleet is fresh enough for it.
const FRESH_MS = 60_000;
let overview: { at: number; doc: Promise<ClusterOverview> } | null = null;

/** Loads (or reuses) the fleet document and picks the source's rows; rejects with the server's message. */
export async function loadSource(source: FleetSource, now = Date.now()): Promise<LoadedSource> {
  if (!overview || now - overview.at > FRESH_MS) {
    const doc = getJson(CLUSTER_URL).then((body) => parseOverviewEnvelope(body) as ClusterOverview); // whole rows: observations;
    overview = { at: now, doc };
    // a failed load is not cached: the next what-if tries again
    doc.catch(() => {
      if (overview?.doc === doc) overview = null;
    });
  }
  const doc = await overview.doc;
  const rows = source.scope === "pool" ? doc.nodes.filter((r) => r.pool === source.pool || r.name === source.node) : doc.nodes;
  return {
    rows,
    configs: doc.configs,
    pods: rows.reduce((s, r) => s + r.podCount, 0),
    groups: groupByConfig(rows, doc.configs),
  };
}
