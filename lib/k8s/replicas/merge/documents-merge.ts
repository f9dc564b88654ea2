import "server-only";

import { z } from "zod";

import { nodeDetail, type NodeDetail } from "@/lib/contract/dto";
import { missingDocument, type MissingDocument, type NodeDocuments } from "@/lib/contract/node-documents";
import { localDocuments } from "@/lib/k8s/documents/node-documents";
import type { ClusterCache } from "@/lib/k8s/store/cache";

import type { Member } from "../membership";
import { askPeer, peerRequestsWritten } from "../peer/peer-ask";
import { peerAuthorized } from "../peer/peer-auth";
import { MERGE_TIMEOUT_MS } from "./fleet-merge";

// Several nodes' documents on any replica (GET /api/nodes?names=…, HEADROOM_SHARDING=lease): the
// names are grouped by owner and each owner is asked once for all of its own (GET
// /api/peer/documents?names=…), all in parallel, with the peer secret and within the merge bound,
// instead of one forwarded request per node. A node whose owner does not answer is listed in
// `missing` with the owner and how long ago its Lease was last seen to change; `complete` is false.

const documentsPart = z.object({
  identity: z.string(),
  documents: z.array(nodeDetail),
  missing: z.array(missingDocument),
});
export type DocumentsPart = z.infer<typeof documentsPart>;

export interface DocumentsContext {
  cache: ClusterCache;
  identity: string;
  peerToken: string;
}

/** This replica's documents of the asked nodes it holds (the others as missing), or 401 without the secret. */
export function peerDocuments(
  authorization: string | null,
  names: readonly string[],
  ctx: DocumentsContext,
): { status: 200; body: DocumentsPart } | { status: 401; body: { error: string } } {
  if (!peerAuthorized(authorization, ctx.peerToken)) return { status: 401, body: { error: "peer token required" } };
  const part = localDocuments(ctx.cache, names, (n) => `node ${JSON.stringify(n)} not held by replica ${ctx.identity}`);
  return { status: 200, body: { identity: ctx.identity, ...part } };
}

export interface DocumentsMergeContext extends DocumentsContext {
  peers: Member[];
  members: string[];
  ownerOf: (node: string) => string | undefined;
  timeoutMs?: number;
  now?: () => number;
}

/** The asked nodes' documents, each from its owner: one peer request per owner. */
export async function mergedDocuments(names: readonly string[], ctx: DocumentsMergeContext): Promise<NodeDocuments> {
  const now = ctx.now ?? Date.now;
  const timeoutMs = ctx.timeoutMs ?? MERGE_TIMEOUT_MS;
  const byOwner = new Map<string, string[]>();
  const missing: MissingDocument[] = [];
  for (const n of names) {
    const owner = ctx.ownerOf(n);
    if (owner === undefined) missing.push({ name: n, error: "no live replica owns it (membership not settled)" });
    else byOwner.set(owner, [...(byOwner.get(owner) ?? []), n]);
  }
  const asked = [...byOwner].filter(([owner]) => owner !== ctx.identity);
  const peerOf = (owner: string) =>
    ctx.peers.find((p) => p.identity === owner) ?? { identity: owner, peerUrl: "", seenAt: 0, self: false };
  // Peers first: they build their documents while we build ours (peer-ask.ts).
  const written = peerRequestsWritten();
  const answering = Promise.all(
    asked.map(([owner, list]) => {
      const query = `documents?names=${encodeURIComponent(list.join(","))}`;
      return askPeer(peerOf(owner), query, documentsPart, ctx.peerToken, timeoutMs);
    }),
  );
  await written(asked.map(([owner]) => peerOf(owner)));
  const local = peerDocuments(`Bearer ${ctx.peerToken}`, byOwner.get(ctx.identity) ?? [], ctx);
  if (local.status !== 200) throw new Error("internal: own peer token refused");
  const answers = await answering;
  const found = new Map<string, NodeDetail>();
  for (const d of local.body.documents) found.set(d.row.name, d);
  for (const m of local.body.missing) missing.push({ ...m, owner: ctx.identity });
  const unreachable: string[] = [];
  const wallNow = now();
  for (const [i, a] of answers.entries()) {
    const [owner, list] = asked[i]!;
    if ("doc" in a) {
      // only what this owner was asked for: a peer cannot add nodes to the answer
      for (const d of a.doc.documents) if (list.includes(d.row.name)) found.set(d.row.name, d);
      for (const m of a.doc.missing) if (list.includes(m.name)) missing.push({ ...m, owner });
      continue;
    }
    unreachable.push(owner);
    const peer = ctx.peers.find((p) => p.identity === owner);
    const age = peer ? Math.round((wallNow - peer.seenAt) / 1000) : "?";
    for (const name of list)
      missing.push({ name, owner, error: `owner unreachable: replica ${owner}, Lease last renewed ${age} s ago (${a.error})` });
  }
  // an owner that answered without a node it was asked for (a membership change in flight)
  for (const [owner, list] of asked)
    for (const name of list)
      if (!found.has(name) && !missing.some((m) => m.name === name))
        missing.push({ name, owner, error: `node ${JSON.stringify(name)} not in replica ${owner}'s answer` });
  const order = new Map(names.map((n, i) => [n, i]));
  const byAsked = (a: string, b: string) => order.get(a)! - order.get(b)!;
  return {
    documents: [...found.values()].sort((a, b) => byAsked(a.row.name, b.row.name)),
    missing: missing.sort((a, b) => byAsked(a.name, b.name)),
    complete: missing.length === 0,
    replicas: { identity: ctx.identity, members: ctx.members, unreachable: unreachable.sort() },
  };
}
