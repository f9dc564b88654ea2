import "server-only";

import { clusterOverview, type ClusterOverview } from "@/lib/contract/dto";
import type { ClusterInfo } from "@/lib/k8s/documents/overview";
import type { ClusterCache } from "@/lib/k8s/store/cache";

import type { Member } from "../membership";
import { askPeer, askPeerStream, peerRequestsWritten } from "../peer/peer-ask";
import { localPart, type OverviewPart } from "../peer/peer-rows";
import { mergeParts } from "./fleet-parts";
import { StreamedSource, wholeSource } from "./part-source";

// The fleet overview on any replica (HEADROOM_SHARDING=lease): our own rows plus every live peer's,
// fetched in parallel within MERGE_TIMEOUT_MS. A node whose owner did not answer (or whose owner's
// answer lacks it) still gets a row, built from the Node object every replica watches, marked with
// why; cluster.ready is false then, so the page never takes a partial merge for a complete fleet.
// The route asks peers for their rows as rendered text (GET /api/peer/rows) and streams the merge
// as their answers arrive (mergedStream); mergedOverview reads peers' whole documents (GET
// /api/peer/overview), for the tests to hold the stream to. Both merge in fleet-parts.ts.

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

/** The whole fleet's overview, merged from every live replica's whole document (the tests' reference). */
export async function mergedOverview(ctx: MergeContext): Promise<ClusterOverview> {
  const timeoutMs = ctx.timeoutMs ?? MERGE_TIMEOUT_MS;
  const written = peerRequestsWritten();
  const asked = Promise.all(others(ctx).map((p) => askPeer(p, "overview", clusterOverview, ctx.peerToken, timeoutMs)));
  await written(others(ctx));
  const local = localPart(ctx.cache, ctx.info, ctx.identity, false);
  const peers = (await asked).map((a) => wholeSource(a.identity, "doc" in a ? partOfDocument(a.doc) : a));
  return mergedDocument(mergeParts(partsContext(ctx), local, peers, false));
}

/**
 * The merge the route streams: every peer's rows as text (GET /api/peer/rows, `?rows=table` passed
 * on), read within the bound and copied as the bytes they came in, neither decoded nor parsed, and
 * written out as they arrive (a node's owner is a hash of its name, so the parts interleave). Peers
 * are asked before our own rows are read, so they build theirs meanwhile. `rows: false`: the
 * envelope alone, with the fleet's counts.
 */
export async function* mergedStream(ctx: MergeContext, table: boolean, rows = true): AsyncGenerator<Buffer, void, undefined> {
  const timeoutMs = ctx.timeoutMs ?? MERGE_TIMEOUT_MS;
  const narrow = table || !rows; // the envelope alone needs only the table's form
  const path = narrow ? "rows?rows=table" : "rows";
  const written = peerRequestsWritten();
  // Each answer is read from the moment it starts, not once all have: the bound runs over its body.
  const asked = Promise.all(
    others(ctx).map(async (p) => {
      const a = await askPeerStream(p, path, ctx.peerToken, timeoutMs);
      return "body" in a ? new StreamedSource(a.identity, a.body, timeoutMs) : wholeSource(a.identity, a);
    }),
  );
  await written(others(ctx));
  const local = localPart(ctx.cache, ctx.info, ctx.identity, narrow);
  yield* mergeParts(partsContext(ctx), local, await asked, narrow, rows);
}

/** A merged document read whole, as an object (/clusters, the tests). */
export async function mergedDocument(slices: AsyncIterable<Buffer>): Promise<ClusterOverview> {
  const all: Buffer[] = [];
  for await (const s of slices) all.push(s);
  return JSON.parse(Buffer.concat(all).toString()) as ClusterOverview;
}
