import "server-only";

import type { NodeDetail } from "@/lib/contract/dto";

import type { ClusterCache } from "../store/cache";
import type { TrimmedEvent } from "../store/trim";
import { conditionHistory, evictionRecords } from "./evictions";
import { rowOf } from "./overview";
import { withPreemptorNames, withSignals } from "./terminations";

const MAX_EVENTS = 20;

/** The Events whose involved object is this Node, newest first (the API server keeps them an hour). */
function nodeEvents(events: readonly TrimmedEvent[], name: string): NonNullable<NodeDetail["events"]> {
  return events
    .filter((e) => e.kind === "Node" && e.name === name)
    .toSorted((a, b) => (b.time ?? "").localeCompare(a.time ?? ""))
    .slice(0, MAX_EVENTS)
    .map(({ reason, type, message, count, time }) => ({ reason, type, message, count, time }));
}

/** Builds everything the node page and its what-if need; undefined for a node not in the cache. */
export function buildNodeDetail(cache: ClusterCache, name: string): NodeDetail | undefined {
  const s = cache.states.get(name);
  const row = rowOf(cache, name);
  if (!s?.node || !row) return undefined;
  const events = cache.eventList();
  const conditions = ((s.node.status.conditions ?? []) as NodeDetail["conditions"]).map((c) => ({
    type: c.type,
    status: c.status,
    reason: c.reason,
    message: c.message,
    lastHeartbeatTime: c.lastHeartbeatTime,
    lastTransitionTime: c.lastTransitionTime,
  }));
  return {
    generatedAt: new Date(cache.now()).toISOString(),
    row,
    node: s.node as unknown as Record<string, unknown>,
    // a copy: the node keeps its array for its row recomputes (NodeState.activePods)
    pods: [...s.activePods()],
    summary: s.detailSummary(),
    kubeletConfig: s.config.kubeletConfig,
    kubeletFlags: s.config.kubeletFlags,
    conditions,
    conditionHistory: conditionHistory(
      s.conditionChanges.filter((c) => c.time),
      events,
      name,
    ),
    lease: s.lease
      ? {
          holderIdentity: s.lease.holderIdentity,
          renewTime: s.lease.renewTime,
          leaseDurationSeconds: s.lease.leaseDurationSeconds,
        }
      : null,
    history: s.history.series(cache.settings.summaryIntervalMs / 1000),
    ...(s.history.hasCounters ? { psiHistory: s.history.counterSeries(cache.settings.summaryIntervalMs / 1000) } : {}),
    evictions: evictionRecords(s.pods.values(), events, name),
    events: nodeEvents(events, name),
    terminations: withSignals(
      withPreemptorNames(cache.terminations.forNode(name), (uid) => [...s.pods.values()].find((p) => p.metadata?.uid === uid)),
      () => s.signals,
    ),
  };
}
