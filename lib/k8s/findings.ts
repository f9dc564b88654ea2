import "server-only";

// The advisor (lib/eviction/advisor) over the cache: every node's kubelet settings, Node, active
// pods, Summary and last hour of memory.available, plus pool drift across each pool. Computed on
// demand and kept for a few seconds, so /metrics, /findings and the overview share one pass.
import { adviseFleet, type AdvisorInput, type Finding } from "@/lib/eviction/advisor";

import type { ClusterCache } from "./cache";
import type { NodeState } from "./node-state";
import { poolOf } from "./to-engine";

/** One hour of 10 s housekeeping cycles. */
const HISTORY_SLOTS = 360;
const FRESH_MS = 5_000;

/** The advisor's input for one node as the cache holds it; null before its Node is known. */
export function advisorInput(s: NodeState): (AdvisorInput & { pool: string | null }) | null {
  const node = s.node;
  if (!node) return null;
  const memory = s.history.series(10, HISTORY_SLOTS);
  const column = memory.signals["memory.available"];
  const nodeInfo = (node.status as { nodeInfo?: { kubeletVersion?: string } }).nodeInfo;
  return {
    name: s.name,
    pool: poolOf(node.metadata.labels),
    kubeletConfig: s.config.kubeletConfig,
    kubeletFlags: s.config.kubeletFlags,
    node,
    kubeletVersion: nodeInfo?.kubeletVersion ?? null,
    pods: s.activePods(),
    summary: s.summary,
    memoryHistory: column ? { start: memory.start, intervalSeconds: memory.intervalSeconds, available: column.available } : null,
  };
}

const memo = new WeakMap<ClusterCache, { at: number; findings: Finding[] }>();

/** Every finding of the fleet (node rules and pool drift), errors first; recomputed at most every 5 s. */
export function fleetFindings(cache: ClusterCache, maxAgeMs = FRESH_MS): Finding[] {
  const wallNow = cache.clock.now();
  const hit = memo.get(cache);
  if (hit && wallNow - hit.at < maxAgeMs) return hit.findings;
  const inputs = [...cache.states.values()].map(advisorInput).filter((i) => i !== null);
  const findings = adviseFleet(inputs);
  memo.set(cache, { at: wallNow, findings });
  return findings;
}

/** The findings of one node (its pool's drift included). */
export function nodeFindings(cache: ClusterCache, name: string, maxAgeMs = FRESH_MS): Finding[] {
  return fleetFindings(cache, maxAgeMs).filter((f) => f.node === name);
}
