// What the fleet overview shows above its table, derived from the overview document without
// React: the summary tiles, whether the first sync is still under way, and the query node links
// carry.
import { DEFAULT_STATE, serializeUrlState, type UrlState } from "@/lib/client/url-state";
import type { ClusterOverview, FleetOverview } from "@/lib/contract/dto";
import { formatPercent, formatResource } from "@/lib/format";

import { underPressure } from "./filters";

export interface FleetStats {
  nodes: number;
  /** Nodes with MemoryPressure, DiskPressure or PIDPressure set by their kubelet; "–" while rows wait for the pod list. */
  pressured: number | "–";
  /** Pods evicted for node pressure in the last hour; "–" while rows wait for the pod list (it counts evicted pods too). */
  evictionsLastHour: number | "–";
  /** Memory lost to reservations over the fleet: "12Gi (3.1%)", or "–" without a known capacity. */
  reservedMemory: string;
}

/**
 * The summary tiles of the fleet overview. While rows wait for the first pod list
 * (`cluster.podsListed`, docs/data-layer.md) there are none: the node count is the cluster's,
 * and what only rows and pods tell (pressure, evictions, reservations) is "–", not a 0 that is not true.
 */
export function fleetStats(
  data: Pick<FleetOverview, "nodes" | "summary"> & { cluster: Pick<FleetOverview["cluster"], "nodesTotal" | "podsListed"> },
): FleetStats {
  const waiting = data.cluster.podsListed !== undefined;
  const reserved = data.summary.reserved.memory ?? 0;
  const capacity = data.summary.capacity.memory ?? 0;
  return {
    nodes: waiting ? data.cluster.nodesTotal : data.nodes.length,
    pressured: waiting ? "–" : data.nodes.filter(underPressure).length,
    evictionsLastHour: waiting ? "–" : data.summary.evictionsLastHour,
    reservedMemory: capacity && !waiting ? `${formatResource("memory", reserved)} (${formatPercent(reserved / capacity)})` : "–",
  };
}

/** Whether to show the first-sync progress: not ready, unless because a replica did not answer (the replica line says that). */
export function inFirstSync(cluster: Pick<ClusterOverview["cluster"], "ready" | "replicas">): boolean {
  return !cluster.ready && !cluster.replicas?.unreachable.length;
}

// Node links carry the what-if, theme and embed, but not the fleet's own search, sort and filters.
const { q, sort, desc, filter, pool, label, marginBelow } = DEFAULT_STATE;
const FLEET_DEFAULTS = { q, sort, desc, filter, pool, label, marginBelow };

/** The query string node links carry from the fleet ("" or "?…"). */
export function nodeLinkQuery(state: UrlState): string {
  const qs = serializeUrlState({ ...state, ...FLEET_DEFAULTS }).toString();
  return qs ? `?${qs}` : "";
}
