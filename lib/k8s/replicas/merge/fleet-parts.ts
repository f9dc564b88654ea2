import "server-only";

import type { ClusterOverview, NodeRow } from "@/lib/contract/dto";
import { tallyRow, type Envelope, type FleetTotals } from "@/lib/k8s/documents/overview";
import type { ClusterCache } from "@/lib/k8s/store/cache";

import type { Member } from "../membership";
import type { OverviewPart, PartRow } from "../peer/peer-rows";
import { wholeSource, type PartSource } from "./part-source";
import { placeholderRow, UNREACHABLE_CONFIG, UNREACHABLE_CONFIG_ID } from "./placeholder-rows";

// The fleet merge over rendered rows: every replica's part (its envelope, whose totals cover its
// own rows, and its rows in name order: text for ours, the bytes a peer sent for its) becomes one
// document, written as the parts arrive. Each part is sorted, so the next row out is the smallest
// of the parts' next rows, and a row goes out once every part still sending has shown a row past
// it or ended. No row is parsed but a row sent twice (two replicas both holding a node during a
// membership change: the first one, ours, wins), to take its share back out of its part's totals,
// and the rows a peer sent before it failed, whose totals then count row by row. A node the Node
// informer knows that no part carried gets a placeholder row (placeholder-rows.ts): "owner
// unreachable" when its owner failed, else pending. The envelope, with the fleet's totals and who
// did not answer, is known only at the end, so it comes after the rows: `{"nodes":[…],"generatedAt":…}`.

export interface PartsContext {
  cache: ClusterCache;
  identity: string;
  peers: Member[];
  members: string[];
  ownerOf: (node: string) => string | undefined;
  now: () => number;
}

/** A merged row's JSON: text (ours, a placeholder), or pieces (a peer's bytes) to write one after another. */
type MergedRow = string | readonly (string | Buffer)[];

/** Rows per slice of the merged document: ~1 MB of JSON, a few milliseconds of work. */
const ROWS_PER_SLICE = 500;
const CLOSE = Buffer.from("}");
const text = (piece: string | Buffer) => (typeof piece === "string" ? piece : piece.toString());
const parseRow = (r: PartRow) => JSON.parse(`${text(r.head)}}`) as NodeRow;

/** The row's JSON, whole or (`table`) without labels and observations. */
function rowJson(r: PartRow, table: boolean): MergedRow {
  if (typeof r.head === "string" && typeof r.extra === "string") return `${r.head}${table ? "" : r.extra}}`;
  return table ? [r.head, CLOSE] : [r.head, r.extra, CLOSE];
}

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

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The merged document, as bytes, slice by slice while the parts arrive: our part and the peers'
 * (`rows: false`: the envelope alone, with the fleet's counts; `table`: rows without labels and
 * observations).
 */
export async function* mergeParts(
  ctx: PartsContext,
  local: OverviewPart,
  peers: readonly PartSource[],
  table: boolean,
  rows = true,
): AsyncGenerator<Buffer, void, undefined> {
  const ours = wholeSource(ctx.identity, local);
  const sources = [ours, ...peers];
  const known = [...ctx.cache.nodes.store.values()].sort((a, b) => byName(a.metadata.name, b.metadata.name));
  const sent = new Map<PartSource, PartRow[]>(sources.map((s) => [s, []]));
  const twice = new Map<PartSource, PartRow[]>(sources.map((s) => [s, []]));
  const placeholders: FleetTotals = { underPressure: 0, reserved: {}, capacity: {} };
  let placeheld = false;
  let count = 0;
  let slice: MergedRow[] = [];
  yield Buffer.from('{"nodes":[');
  for (let k = 0; ;) {
    if (slice.length >= ROWS_PER_SLICE) {
      yield rowBytes(slice, count === slice.length);
      slice = [];
    }
    if (!sources.every((s) => s.ready())) await Promise.all(sources.map((s) => s.fill()));
    let next: string | undefined;
    for (const s of sources) {
      const h = s.head();
      if (h && (next === undefined || h.name < next)) next = h.name;
    }
    const node = known[k];
    if (node && (next === undefined || node.metadata.name < next)) {
      // Every node the Node informer knows gets a row: an unreachable owner's, or one its owner
      // has not collected yet (a membership change in flight).
      k++;
      const owner = ctx.ownerOf(node.metadata.name);
      const failed = sources.find((s) => s.identity === owner)?.error;
      const peer = ctx.peers.find((p) => p.identity === owner);
      const why = failed
        ? `owner unreachable: replica ${owner}, Lease last renewed ${peer ? Math.round((ctx.now() - peer.seenAt) / 1000) : "?"} s ago (${failed})`
        : undefined;
      const row = placeholderRow(node, ctx.cache, owner, why);
      tallyRow(placeholders, row);
      placeheld = true;
      const { labels: _l, observations: _o, ...fleetRow } = row;
      count++;
      if (rows) slice.push(JSON.stringify(table ? fleetRow : row));
      continue;
    }
    if (next === undefined) break;
    if (node?.metadata.name === next) k++;
    let taken = false;
    for (const s of sources) {
      const h = s.head();
      if (h?.name !== next) continue;
      (taken ? twice : sent).get(s)!.push(h);
      if (!taken) {
        count++;
        if (rows) slice.push(rowJson(h, table));
      }
      taken = true;
      s.next();
    }
  }
  if (slice.length > 0) yield rowBytes(slice, count === slice.length);
  const env = mergedEnvelope(ctx, ours, sources, { sent, twice, placeholders, count, placeheld });
  yield Buffer.from(`],${JSON.stringify(env).slice(1)}`);
}

/**
 * The fleet's envelope once every part has ended: the parts' totals (a failed peer's counted over
 * the rows it sent), less the rows sent twice, plus the placeholders.
 */
function mergedEnvelope(
  ctx: PartsContext,
  ours: PartSource,
  sources: readonly PartSource[],
  m: {
    sent: Map<PartSource, PartRow[]>;
    twice: Map<PartSource, PartRow[]>;
    placeholders: FleetTotals;
    count: number;
    placeheld: boolean;
  },
): Envelope {
  const totals: FleetTotals = { underPressure: 0, reserved: {}, capacity: {} };
  const add = (t: FleetTotals, sign: 1 | -1) => {
    totals.underPressure += sign * t.underPressure;
    for (const [k, v] of Object.entries(t.capacity)) totals.capacity[k] = (totals.capacity[k] ?? 0) + sign * v;
    for (const [k, v] of Object.entries(t.reserved)) totals.reserved[k] = (totals.reserved[k] ?? 0) + sign * v;
  };
  const configs: ClusterOverview["configs"] = {};
  let collected = 0;
  let evictions = 0;
  for (const s of sources) {
    if (!s.env) continue;
    Object.assign(configs, s.env.configs);
    // Events are watched whole by every replica; evicted pods only by their node's owner: the
    // largest count is the closest to the fleet's without sending the events themselves.
    evictions = Math.max(evictions, s.env.summary.evictionsLastHour);
    const counted = (list: PartRow[], sign: 1 | -1) => {
      const t: FleetTotals = { underPressure: 0, reserved: {}, capacity: {} };
      for (const r of list) {
        const row = parseRow(r);
        tallyRow(t, row);
        if (row.collection.state === "ok") collected += sign;
      }
      add(t, sign);
    };
    if (s.error) counted(m.sent.get(s)!, 1);
    else {
      const { nodesUnderPressure, reserved, capacity } = s.env.summary;
      add({ underPressure: nodesUnderPressure, reserved, capacity }, 1);
      collected += s.env.cluster.nodesCollected;
      counted(m.twice.get(s)!, -1);
    }
  }
  add(m.placeholders, 1);
  if (m.placeheld) configs[UNREACHABLE_CONFIG_ID] = UNREACHABLE_CONFIG;
  const unreachable = sources.flatMap((s) => (s.error ? [s.identity] : [])).sort(byName);
  const local = ours.env!;
  return {
    generatedAt: local.generatedAt,
    cluster: {
      ...local.cluster,
      ready: sources.every((s) => !s.error && s.env?.cluster.ready),
      nodesTotal: m.count,
      nodesCollected: collected,
      replicas: { identity: ctx.identity, members: ctx.members, unreachable },
    },
    summary: {
      nodesUnderPressure: totals.underPressure,
      evictionsLastHour: evictions,
      reserved: totals.reserved,
      capacity: totals.capacity,
    },
    configs,
  };
}
