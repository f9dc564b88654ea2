import "server-only";

import { clusterOverview, type ClusterOverview } from "@/lib/contract/dto";
import type { ClusterInfo } from "@/lib/k8s/documents/overview";
import type { ClusterCache } from "@/lib/k8s/store/cache";

import type { Member } from "../membership";
import { askPeer, askPeerBytes, peerRequestsWritten } from "../peer/peer-ask";
import { localPart, readPart, type OverviewPart } from "../peer/peer-rows";
import { mergeParts, type MergedParts, type MergedRow, type PartAnswer } from "./fleet-parts";

// The fleet overview on any replica (HEADROOM_SHARDING=lease): our own rows plus every live peer's,
// fetched in parallel within MERGE_TIMEOUT_MS. A node whose owner did not answer (or whose owner's
// answer lacks it) still gets a row, built from the Node object every replica watches, marked with
// why; cluster.ready is false then, so the page never takes a partial merge for a complete fleet.
// The route asks peers for their rows as rendered text (GET /api/peer/rows) and streams the merge
// (mergedOverviewParts, mergedSlices); mergedOverview reads peers' whole documents (GET
// /api/peer/overview) and answers an object, for /clusters and the tests. Both merge in
// fleet-parts.ts.

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

const others = (ctx: MergeContext) => ctx.peers.filter((p) => p.identity !== ctx.identity);
const partsContext = (ctx: MergeContext) => ({ ...ctx, now: ctx.now ?? Date.now });

/** A peer's whole overview document as a part (its rows rendered back to text). */
function partOfDocument(doc: ClusterOverview): OverviewPart {
  const { nodes, ...env } = doc;
  const rows = nodes.map(({ labels, observations, ...table }) => ({
    name: table.name,
    head: JSON.stringify(table).slice(0, -1),
    extra: `,"labels":${JSON.stringify(labels)},"observations":${JSON.stringify(observations)}`,
  }));
  return { env, rows };
}

/** The whole fleet's overview, merged from every live replica's document. */
export async function mergedOverview(ctx: MergeContext): Promise<ClusterOverview> {
  const timeoutMs = ctx.timeoutMs ?? MERGE_TIMEOUT_MS;
  const written = peerRequestsWritten();
  const asked = Promise.all(others(ctx).map((p) => askPeer(p, "overview", clusterOverview, ctx.peerToken, timeoutMs)));
  await written(others(ctx));
  const local = localPart(ctx.cache, ctx.info, ctx.identity, false);
  const answers = await asked;
  const parts: PartAnswer[] = answers.map((a) => ("doc" in a ? { identity: a.identity, part: partOfDocument(a.doc) } : a));
  return mergedDocument(mergeParts(partsContext(ctx), local, parts, false));
}

/**
 * The merge the route streams: every peer's rows as text (GET /api/peer/rows, `?rows=table` passed
 * on), read within the bound and copied as the bytes they came in, neither decoded nor parsed;
 * peers are asked before our own rows are read, so they build theirs meanwhile. Everything is
 * known before the first byte: rows go out in name order and a node's owner is a hash of its
 * name, so any peer may hold the first row; the envelope, with the fleet's totals and who did not
 * answer, is whole when sent.
 */
export async function mergedOverviewParts(ctx: MergeContext, table: boolean): Promise<MergedParts> {
  const timeoutMs = ctx.timeoutMs ?? MERGE_TIMEOUT_MS;
  const path = table ? "rows?rows=table" : "rows";
  const written = peerRequestsWritten();
  const asked = Promise.all(
    others(ctx).map(async (p): Promise<PartAnswer> => {
      const a = await askPeerBytes(p, path, ctx.peerToken, timeoutMs);
      if ("error" in a) return a;
      try {
        return { identity: p.identity, part: readPart(a.body) };
      } catch (e) {
        return { identity: p.identity, error: (e as Error).message };
      }
    }),
  );
  await written(others(ctx));
  const local = localPart(ctx.cache, ctx.info, ctx.identity, table);
  return mergeParts(partsContext(ctx), local, await asked, table);
}

/** Rows per slice of the merged document: ~1 MB of JSON, a few milliseconds of work. */
const ROWS_PER_SLICE = 500;

/** One slice of rows as bytes, comma-separated: our text encoded, a peer's pieces copied, into one buffer. */
function rowBytes(rows: readonly MergedRow[], first: boolean): Buffer {
  const pieces: (string | Buffer)[] = [];
  for (const r of rows) {
    if (!first || pieces.length > 0) pieces.push(",");
    if (typeof r === "string") pieces.push(r);
    else for (const p of r) pieces.push(p);
  }
  let size = 0;
  for (const p of pieces) size += typeof p === "string" ? Buffer.byteLength(p) : p.length;
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (const p of pieces) at += typeof p === "string" ? out.write(p, at) : p.copy(out, at);
  return out;
}

/** The merged document as byte slices: the envelope, then the rows (`rows: false`: none). */
export function* mergedSlices(m: MergedParts, rows = true): Generator<Buffer, void, undefined> {
  yield Buffer.from(`${JSON.stringify(m.env).slice(0, -1)},"nodes":[`);
  if (rows) for (let i = 0; i < m.rows.length; i += ROWS_PER_SLICE) yield rowBytes(m.rows.slice(i, i + ROWS_PER_SLICE), i === 0);
  yield Buffer.from("]}");
}

/** The merged document as an object (/clusters, the tests). */
export function mergedDocument(m: MergedParts): ClusterOverview {
  return JSON.parse(Buffer.concat([...mergedSlices(m)]).toString()) as ClusterOverview;
}
