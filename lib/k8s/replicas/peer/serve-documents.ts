import "server-only";

import { parseNames } from "@/lib/contract/node-documents";
import { notANodeName } from "@/lib/k8s/documents/node-documents";
import { getCache } from "@/lib/k8s/store/runtime";

import { mergedDocuments, peerDocuments } from "../merge/documents-merge";
import { currentShard } from "../runtime";

// The process-wide entry points for the several-documents routes: this process's cache and shard.

const badNames = (error: string) => Response.json({ error }, { status: 400 });

/** GET /api/peer/documents?names=…: 404 when sharding is off, 401 without the secret, 400 for bad names. */
export function servePeerDocuments(authorization: string | null, rawNames: string | null): Response {
  const cur = currentShard();
  if (!cur) return Response.json({ error: "sharding is off (HEADROOM_SHARDING)" }, { status: 404 });
  const { cache } = getCache();
  // the secret first: a caller without it learns nothing, not even which names are valid
  const refused = peerDocuments(authorization, [], { cache, identity: cur.settings.identity, peerToken: cur.settings.peerToken });
  if (refused.status === 401)
    return Response.json(refused.body, { status: 401, headers: { "WWW-Authenticate": 'Bearer realm="headroom-peers"' } });
  const parsed = parseNames(rawNames, notANodeName);
  if ("error" in parsed) return badNames(parsed.error);
  const r = peerDocuments(authorization, parsed.names, {
    cache,
    identity: cur.settings.identity,
    peerToken: cur.settings.peerToken,
  });
  return Response.json(r.body, { status: r.status });
}

/** GET /api/nodes?names=… with sharding on: each owner's documents, one peer request per owner; undefined when sharding is off. */
export async function serveMergedDocuments(names: readonly string[]): Promise<Response | undefined> {
  const cur = currentShard();
  if (!cur) return undefined;
  const { cache } = getCache();
  const doc = await mergedDocuments(names, {
    cache,
    identity: cur.settings.identity,
    peerToken: cur.settings.peerToken,
    ...cur.shard.view(),
  });
  return Response.json(doc);
}
