import "server-only";

import type { ClusterOverview } from "@/lib/contract/dto";
import { sliceStream } from "@/lib/http/slice-stream";
import { getCache } from "@/lib/k8s/store/runtime";

import { mergedDocument, mergedStream, type MergeContext } from "../merge/fleet-merge";
import { currentShard } from "../runtime";
import { peerOverview } from "./peer-overview";
import { peerRows } from "./peer-rows";

// The process-wide entry points for the routes: this process's cache and shard.

const refused = (status: number, body: unknown) =>
  Response.json(body, {
    status,
    headers: status === 401 ? { "WWW-Authenticate": 'Bearer realm="headroom-peers"' } : {},
  });

/** GET /api/peer/overview: 404 when sharding is off, 401 without the secret. */
export function servePeerOverview(authorization: string | null): Response {
  const cur = currentShard();
  if (!cur) return Response.json({ error: "sharding is off (HEADROOM_SHARDING)" }, { status: 404 });
  const { cache, info } = getCache();
  const r = peerOverview(authorization, { cache, info, identity: cur.settings.identity, peerToken: cur.settings.peerToken });
  return refused(r.status, r.body);
}

/** GET /api/peer/rows: this replica's rows as text (peer-rows.ts); 404 when sharding is off, 401 without the secret. */
export function servePeerRows(authorization: string | null, table: boolean): Response {
  const cur = currentShard();
  if (!cur) return Response.json({ error: "sharding is off (HEADROOM_SHARDING)" }, { status: 404 });
  const { cache, info } = getCache();
  const r = peerRows(authorization, { cache, info, identity: cur.settings.identity, peerToken: cur.settings.peerToken }, table);
  if (r.status !== 200) return refused(r.status, r.body);
  return new Response(sliceStream(r.lines), { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

function mergeContext(): MergeContext | undefined {
  const cur = currentShard();
  if (!cur) return undefined;
  const { cache, info } = getCache();
  return { cache, info, identity: cur.settings.identity, peerToken: cur.settings.peerToken, ...cur.shard.view() };
}

/** The merged fleet overview with sharding on (as an object, for /clusters); undefined when sharding is off. */
export async function currentMergedOverview(): Promise<ClusterOverview | undefined> {
  const ctx = mergeContext();
  if (!ctx) return undefined;
  return mergedDocument(mergedStream(ctx, false));
}

/**
 * GET /api/cluster with sharding on: the merged fleet (`rows: false`: its envelope alone, with the
 * fleet's counts; `table`: rows without labels and observations, as peers send them), streamed in
 * slices as the peers' answers arrive; undefined when sharding is off.
 */
export function serveMergedOverview(rows = true, table = false): Response | undefined {
  const ctx = mergeContext();
  if (!ctx) return undefined;
  return new Response(sliceStream(mergedStream(ctx, table, rows)), { headers: { "Content-Type": "application/json" } });
}
