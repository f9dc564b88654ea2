import "server-only";

import { overviewFindingCounts } from "@/lib/k8s/documents/findings";
import { envelope, type ClusterInfo, type Envelope } from "@/lib/k8s/documents/overview";
import type { ClusterCache } from "@/lib/k8s/store/cache";

import { peerAuthorized } from "./peer-auth";

// A replica's own overview rows for a peer's fleet merge, as the text the merge copies into its
// document without parsing, or even decoding, them (GET /api/peer/rows). The cache keeps each row's
// JSON rendered since the node last changed (node-state.ts: rowJson, the table part, and
// rowExtraJson, labels and observations); this adds the clock-dependent ages and the owner, as the
// single process's stream does. Parsing 5 000 peer rows through the schema and rebuilding them is
// what made the merged overview 2.8–4.2 × one process's (docs/replicas.md).
//
// The text, one item a line (JSON never holds a raw newline or tab):
//   line 1        the replica's envelope (generatedAt, cluster, summary over its rows, configs)
//   one per row   NAME \t HEAD \t EXTRA, in name order: HEAD is the row's JSON up to (not including)
//                 its closing brace without labels and observations, EXTRA is `,"labels":…,
//                 "observations":…` (empty with `table`)
//   last line     `end N`, N the number of rows: a cut answer is never taken for a whole one

/**
 * One row's JSON in two pieces: `head + extra + "}"` is the row, `head + "}"` its fleet-table form.
 * Text for our own rows; for a peer's, the bytes of its answer as they came (part-reader.ts).
 */
export interface PartRow {
  name: string;
  head: string | Buffer;
  extra: string | Buffer;
}

/** A replica's part of the fleet: its envelope (totals over its own rows) and its rows in name order. */
export interface OverviewPart {
  env: Envelope;
  rows: PartRow[];
}

/** This replica's rows as text, each with its owner (`identity`); the cache is read now. */
export function localPart(cache: ClusterCache, info: ClusterInfo, identity: string, table: boolean): OverviewPart {
  const wallNow = cache.clock.now();
  const clusterNow = cache.now();
  const { env, names } = envelope(cache, info, wallNow, clusterNow);
  const interval = cache.settings.summaryIntervalMs;
  const findings = overviewFindingCounts(cache);
  const owner = `,"owner":${JSON.stringify(identity)}`;
  const rows = names.map((name): PartRow => {
    const s = cache.states.get(name)!;
    const ages = `,"leaseAgeSeconds":${JSON.stringify(s.leaseAge(clusterNow))},"collection":${JSON.stringify(s.collection(wallNow, interval))},"findings":${JSON.stringify(findings.countsOf(name))}`;
    return { name, head: s.rowJson + ages + owner, extra: table ? "" : s.rowExtraJson };
  });
  findings.whenSent();
  return { env, rows };
}

/** Lines per slice of the peer answer: ~1 MB, a few milliseconds of work between event-loop turns. */
const ROWS_PER_SLICE = 500;

/** The peer answer's text, slice by slice (see the format above). */
function* partLines(part: OverviewPart): Generator<string, void, undefined> {
  yield `${JSON.stringify(part.env)}\n`;
  for (let i = 0; i < part.rows.length; i += ROWS_PER_SLICE)
    yield part.rows
      .slice(i, i + ROWS_PER_SLICE)
      .map((r) => `${r.name}\t${r.head}\t${r.extra}\n`)
      .join("");
  yield `end ${part.rows.length}`;
}

export type PeerRowsResult =
  { status: 200; lines: Generator<string, void, undefined> } | { status: 401; body: { error: string } };

/** GET /api/peer/rows: this replica's part as lines, or 401 (and nothing else) without the secret. */
export function peerRows(
  authorization: string | null,
  ctx: { cache: ClusterCache; info: ClusterInfo; identity: string; peerToken: string },
  table: boolean,
): PeerRowsResult {
  if (!peerAuthorized(authorization, ctx.peerToken)) return { status: 401, body: { error: "peer token required" } };
  return { status: 200, lines: partLines(localPart(ctx.cache, ctx.info, ctx.identity, table)) };
}
