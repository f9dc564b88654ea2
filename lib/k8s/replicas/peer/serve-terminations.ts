import "server-only";

import { getCache } from "@/lib/k8s/store/runtime";

import { mergedTerminations, peerTerminations } from "../merge/terminations-merge";
import { currentShard } from "../runtime";

// The process-wide entry points for the terminations routes: this process's cache and shard.

/** GET /api/peer/terminations: 404 when sharding is off, 401 without the secret. */
export function servePeerTerminations(authorization: string | null): Response {
  const cur = currentShard();
  if (!cur) return Response.json({ error: "sharding is off (HEADROOM_SHARDING)" }, { status: 404 });
  const { cache } = getCache();
  const r = peerTerminations(authorization, {
    cache,
    identity: cur.settings.identity,
    peerToken: cur.settings.peerToken,
    owns: cur.shard.owns,
  });
  return Response.json(r.body, {
    status: r.status,
    headers: r.status === 401 ? { "WWW-Authenticate": 'Bearer realm="headroom-peers"' } : {},
  });
}

/** GET /api/terminations with sharding on: every replica's share merged; undefined when sharding is off. */
export async function serveMergedTerminations(): Promise<Response | undefined> {
  const cur = currentShard();
  if (!cur) return undefined;
  const { cache } = getCache();
  const m = cur.shard.membership;
  const doc = await mergedTerminations({
    cache,
    identity: cur.settings.identity,
    peerToken: cur.settings.peerToken,
    owns: cur.shard.owns,
    peers: m.peers(),
    members: m.members(),
  });
  return Response.json(doc);
}
