import "server-only";

import { currentShard } from "./runtime";

export interface ReplicaReadiness {
  identity: string;
  /** False when the last renewals failed: the replica has stopped collecting. */
  holding: boolean;
  lastRenewAt: string | null;
  error: string | null;
  members: string[];
}

/** This replica's membership for /api/readyz, or undefined when sharding is off. */
export function replicaReadiness(): ReplicaReadiness | undefined {
  const cur = currentShard();
  if (!cur) return undefined;
  const st = cur.shard.membership.status();
  return {
    identity: st.identity,
    holding: st.holding,
    lastRenewAt: st.lastRenewAt === null ? null : new Date(st.lastRenewAt).toISOString(),
    error: st.error,
    members: st.members,
  };
}
