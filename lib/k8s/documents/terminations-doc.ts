import "server-only";

import { fleetTerminations, type FleetTerminations } from "@/lib/terminations/fleet";
import { groupByWorkload } from "@/lib/terminations/workloads";

import type { ClusterCache } from "../store/cache";
import { KEEP_MS, MAX_PER_NODE, MAX_TERMINATIONS, withPreemptorNames, withSignals } from "./terminations";

/** The fleet's terminations grouped by workload, preemptors named from their nodes' pods. */
export function buildFleetTerminations(cache: ClusterCache): FleetTerminations {
  const kept = cache.terminations.all();
  // One pass over the pods for every preemptor named by UID, not one per preemption.
  const wanted = new Set(kept.flatMap((t) => (t.cause === "preemption" && t.preemptor ? [t.preemptor] : [])));
  const found = new Map<string, { metadata?: { name?: string; namespace?: string } }>();
  if (wanted.size)
    for (const s of cache.states.values())
      for (const p of s.pods.values()) {
        const uid = p.metadata?.uid;
        if (uid && wanted.has(uid)) found.set(uid, p);
      }
  const all = withSignals(
    withPreemptorNames(kept, (uid) => found.get(uid)),
    (node) => cache.states.get(node)?.signals,
  );
  return fleetTerminations.parse({
    generatedAt: new Date(cache.now()).toISOString(),
    retention: { max: MAX_TERMINATIONS, maxPerNode: MAX_PER_NODE, hours: KEEP_MS / 3600_000 },
    count: all.length,
    // the allocatable the kubelet computed for each node, so no request advice exceeds it
    workloads: groupByWorkload(all, (node) => cache.states.get(node)?.row?.allocatable),
  });
}
