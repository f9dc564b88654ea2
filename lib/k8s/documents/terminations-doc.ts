import "server-only";

import type { Termination } from "@/lib/contract/termination";
import { fleetTerminations, type FleetTerminations } from "@/lib/terminations/fleet";
import { groupByWorkload, type AllocatableOf } from "@/lib/terminations/workloads";

import type { ClusterCache } from "../store/cache";
import { KEEP_MS, MAX_PER_NODE, MAX_TERMINATIONS, withPreemptorNames, withSignals } from "./terminations";

/** The terminations this cache kept, preemptors named from their nodes' pods, evictions with their signal. */
export function terminationRecords(cache: ClusterCache): Termination[] {
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
  return withSignals(
    withPreemptorNames(kept, (uid) => found.get(uid)),
    (node) => cache.states.get(node)?.signals,
  );
}

/** The terminations document over `records` (one cache's, or several replicas' merged). */
export function fleetTerminationsOf(records: Termination[], allocatableOf: AllocatableOf, now: number): FleetTerminations {
  return fleetTerminations.parse({
    generatedAt: new Date(now).toISOString(),
    retention: { max: MAX_TERMINATIONS, maxPerNode: MAX_PER_NODE, hours: KEEP_MS / 3600_000 },
    count: records.length,
    // the allocatable the kubelet computed for each node, so no request advice exceeds it
    workloads: groupByWorkload(records, allocatableOf),
  });
}

/** The fleet's terminations grouped by workload, preemptors named from their nodes' pods. */
export function buildFleetTerminations(cache: ClusterCache): FleetTerminations {
  return fleetTerminationsOf(terminationRecords(cache), (node) => cache.states.get(node)?.row?.allocatable, cache.now());
}
