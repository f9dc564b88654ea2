import "server-only";

import type { ClusterOverview } from "@/lib/contract/dto";
import { getCache } from "@/lib/k8s/store/runtime";

import { mergedOverview } from "../merge/fleet-merge";
import { currentShard } from "../runtime";
import { peerOverview } from "./peer-overview";

// The process-wide entry points for the routes: this process's cache and shard.

/** GET /api/peer/overview: 404 when sharding is off, 401 without the secret. */
export function servePeerOverview(authorization: string | null): Response {
  const cur = currentShard();
  if (!cur) return Response.json({ error: "sharding is off (HEADROOM_SHARDING)" }, { status: 404 });
  const { cache, info } = getCache();
  const r = peerOverview(authorization, { cache, info, identity: cur.settings.identity, peerToken: cur.settings.peerToken });
  return Response.json(r.body, {
    status: r.status,
    headers: r.status === 401 ? { "WWW-Authenticate": 'Bearer realm="headroom-peers"' } : {},
  });
}

/** The merged fleet overview with sharding on; undefined when sharding is off. */
export async function currentMergedOverview(): Promise<ClusterOverview | undefined> {
  const cur = currentShard();
  if (!cur) return undefined;
  const { cache, info } = getCache();
  return mergedOverview({
    cache,
    info,
    identity: cur.settings.identity,
    peerToken: cur.settings.peerToken,
    ...cur.shard.view(),
  });
}

/**
 * GET /api/cluster with sharding on: the merged fleet (`rows: false`: its envelope alone, with the
 * fleet's counts; `table`: rows without labels and observations); undefined when sharding is off.
 */
export async function serveMergedOverview(rows = true, table = false): Promise<Response | undefined> {
  const doc = await currentMergedOverview();
  if (!doc) return undefined;
  if (!rows) return Response.json({ ...doc, nodes: [] });
  return Response.json(table ? { ...doc, nodes: doc.nodes.map(({ labels: _l, observations: _o, ...r }) => r) } : doc);
}
