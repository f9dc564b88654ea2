import "server-only";

import { getCache } from "@/lib/k8s/store/runtime";

import { peerAuthorized } from "./peer/peer-auth";
import { currentShard } from "./runtime";

export interface ReplicaPart {
  identity: string;
  members: string[];
  holding: boolean;
  /** Owned nodes and the seconds since each one's last Summary (null before the first). */
  nodes: { name: string; statsAgeSeconds: number | null }[];
}

/** This replica's part for a peer, or the refusal: never any data without the secret. */
export function replicaPart(authorization: string | null): { status: number; body: ReplicaPart | { error: string } } {
  const cur = currentShard();
  if (!cur) return { status: 404, body: { error: "sharding is off (HEADROOM_SHARDING)" } };
  if (!peerAuthorized(authorization, cur.settings.peerToken)) return { status: 401, body: { error: "peer token required" } };
  const { cache } = getCache();
  const now = cache.clock.now();
  const st = cur.shard.membership.status();
  const nodes = [...cache.states].map(([name, s]) => ({
    name,
    statsAgeSeconds: s.summaryAt === null ? null : Math.max(0, (now - s.summaryAt) / 1000),
  }));
  return { status: 200, body: { identity: st.identity, members: st.members, holding: st.holding, nodes } };
}
