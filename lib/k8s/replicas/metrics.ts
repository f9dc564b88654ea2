import "server-only";

import type { ClusterCache } from "@/lib/k8s/store/cache";

import type { Shard } from "./shard";

// Each replica's view of the membership, for the shipped alerts (deploy/prometheus): nodes no
// replica owns, and replicas that disagree about who the members are. These carry no node label,
// so every replica exports them; the per-node series come only from each node's owner (the
// cache holds rows for owned nodes only).

/** A 31-bit FNV-1a of the sorted member list: equal on every replica that sees the same members. */
function membershipHash(members: readonly string[]): number {
  let h = 0x811c9dc5;
  const s = [...members].sort().join("\n");
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return (h >>> 0) & 0x7fffffff;
}

const line = (name: string, help: string, replica: string, value: number) =>
  `# HELP ${name} ${help}\n# TYPE ${name} gauge\n${name}{replica="${replica.replace(/["\\\n]/g, "_")}"} ${value}\n`;

/** The replica families in the Prometheus text format. */
export function renderReplicaMetrics(shard: Shard, cache: ClusterCache): string {
  const st = shard.membership.status();
  const r = st.identity;
  return (
    line(
      "headroom_replica_holding_lease",
      "1 while this replica holds its membership Lease (it collects only then).",
      r,
      st.holding ? 1 : 0,
    ) +
    line("headroom_replica_members", "Live replicas this replica sees (its own Lease included).", r, st.members.length) +
    line(
      "headroom_replica_membership_hash",
      "Hash of the member list this replica sees; replicas that agree export the same value.",
      r,
      membershipHash(st.members),
    ) +
    line("headroom_replica_owned_nodes", "Nodes this replica collects.", r, cache.states.size) +
    line(
      "headroom_replica_cluster_nodes",
      "Nodes in the cluster as this replica's node informer sees them.",
      r,
      cache.nodes.store.size,
    )
  );
}
