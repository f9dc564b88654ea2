import "server-only";

import { clusterOverview, type ClusterOverview, type NodeRow } from "@/lib/contract/dto";
import { tallyRow, type ClusterInfo, type FleetTotals } from "@/lib/k8s/documents/overview";
import type { ClusterCache } from "@/lib/k8s/store/cache";

import type { Member } from "../membership";
import { askPeer } from "../peer/peer-ask";
import { peerOverview } from "../peer/peer-overview";
import { placeholderRow, UNREACHABLE_CONFIG, UNREACHABLE_CONFIG_ID } from "./placeholder-rows";

// The fleet overview on any replica (HEADROOM_SHARDING=lease): our own rows plus every live peer's,
// fetched in parallel from /api/peer/overview within MERGE_TIMEOUT_MS. A node whose owner did not
// answer (or whose owner's answer lacks it) still gets a row, built from the Node object every
// replica watches, marked with why; cluster.ready is false then, so the page never takes a partial
// merge for a complete fleet.

/** How long a peer may take to send its rows before its nodes are shown as owner unreachable. */
export const MERGE_TIMEOUT_MS = 3000;

export interface MergeContext {
  cache: ClusterCache;
  info: ClusterInfo;
  identity: string;
  peerToken: string;
  /** Live members with their peer URLs (Membership.peers()). */
  peers: Member[];
  members: string[];
  ownerOf: (node: string) => string | undefined;
  timeoutMs?: number;
  now?: () => number;
}

/** The whole fleet's overview, merged from every live replica's part. */
export async function mergedOverview(ctx: MergeContext): Promise<ClusterOverview> {
  const now = ctx.now ?? Date.now;
  const local = peerOverview(`Bearer ${ctx.peerToken}`, ctx);
  if (local.status !== 200) throw new Error("internal: own peer token refused");
  const others = ctx.peers.filter((p) => p.identity !== ctx.identity);
  const timeoutMs = ctx.timeoutMs ?? MERGE_TIMEOUT_MS;
  const answers = await Promise.all(others.map((p) => askPeer(p, "overview", clusterOverview, ctx.peerToken, timeoutMs)));
  const docs = [local.body, ...answers.flatMap((a) => ("doc" in a ? [a.doc] : []))];
  const failed = new Map(answers.flatMap((a) => ("error" in a ? [[a.identity, a.error] as const] : [])));

  const rows = new Map<string, NodeRow>();
  const configs: ClusterOverview["configs"] = {};
  const summary: ClusterOverview["summary"] = { nodesUnderPressure: 0, evictionsLastHour: 0, reserved: {}, capacity: {} };
  for (const d of docs) {
    for (const r of d.nodes) if (!rows.has(r.name)) rows.set(r.name, r);
    Object.assign(configs, d.configs);
    // Events are watched whole by every replica; evicted pods only by their node's owner: the
    // largest count is the closest to the fleet's without sending the events themselves.
    summary.evictionsLastHour = Math.max(summary.evictionsLastHour, d.summary.evictionsLastHour);
  }
  // Every node the Node informer knows gets a row: an unreachable owner's, or one its owner has not
  // collected yet (a membership change in flight).
  const wallNow = now();
  for (const node of ctx.cache.nodes.store.values()) {
    const name = node.metadata.name;
    if (rows.has(name)) continue;
    const owner = ctx.ownerOf(name);
    const peer = ctx.peers.find((p) => p.identity === owner);
    const why =
      owner && failed.has(owner)
        ? `owner unreachable: replica ${owner}, Lease last renewed ${peer ? Math.round((wallNow - peer.seenAt) / 1000) : "?"} s ago (${failed.get(owner)})`
        : undefined;
    rows.set(name, placeholderRow(node, ctx.cache, owner, why));
    if (why) configs[UNREACHABLE_CONFIG_ID] = UNREACHABLE_CONFIG;
  }
  const nodes = [...rows.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const totals: FleetTotals = { underPressure: 0, reserved: summary.reserved, capacity: summary.capacity };
  for (const r of nodes) tallyRow(totals, r);
  summary.nodesUnderPressure = totals.underPressure;
  const unreachable = [...failed.keys()].sort();
  return {
    generatedAt: local.body.generatedAt,
    cluster: {
      ...local.body.cluster,
      ready: docs.every((d) => d.cluster.ready) && unreachable.length === 0,
      nodesTotal: nodes.length,
      nodesCollected: nodes.filter((r) => r.collection.state === "ok").length,
      replicas: { identity: ctx.identity, members: ctx.members, unreachable },
    },
    summary,
    nodes,
    configs,
  };
}
