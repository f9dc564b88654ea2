import "server-only";

import type { ClusterOverview } from "@/lib/contract/dto";
import { buildOverview, type ClusterInfo } from "@/lib/k8s/documents/overview";
import type { ClusterCache } from "@/lib/k8s/store/cache";

import { peerAuthorized } from "./peer-auth";

// A replica's own overview rows for a peer's fleet merge (GET /api/peer/overview): the same
// document /api/cluster serves unsharded, over the nodes this replica owns. Never any data
// without the peer secret.

export interface PeerOverviewContext {
  cache: ClusterCache;
  info: ClusterInfo;
  identity: string;
  peerToken: string;
}

export type PeerOverviewResult = { status: 200; body: ClusterOverview } | { status: 401; body: { error: string } };

/** This replica's rows (each with its owner) for a peer, or 401 without the secret. */
export function peerOverview(authorization: string | null, ctx: PeerOverviewContext): PeerOverviewResult {
  if (!peerAuthorized(authorization, ctx.peerToken)) return { status: 401, body: { error: "peer token required" } };
  const doc = buildOverview(ctx.cache, ctx.info);
  return { status: 200, body: { ...doc, nodes: doc.nodes.map((r) => ({ ...r, owner: ctx.identity })) } };
}
