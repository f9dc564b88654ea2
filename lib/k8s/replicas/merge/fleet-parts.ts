import "server-only";

import type { ClusterOverview, NodeRow } from "@/lib/contract/dto";
import { tallyRow, type Envelope, type FleetTotals } from "@/lib/k8s/documents/overview";
import type { ClusterCache } from "@/lib/k8s/store/cache";

import type { Member } from "../membership";
import type { OverviewPart, PartRow } from "../peer/peer-rows";
import { placeholderRow, UNREACHABLE_CONFIG, UNREACHABLE_CONFIG_ID } from "./placeholder-rows";

// The fleet merge over rendered rows: every replica's part (its envelope, whose totals cover its
// own rows, and its rows as text or, from a peer, as the bytes it sent) becomes one envelope and
// one name-ordered list of rows, without parsing a row or decoding a peer's. Totals are the sum of
// the parts' totals; a row sent twice (two replicas both holding a node during a membership change:
// the first one, ours, wins) is the only one parsed, to take its share back out. A node the Node
// informer knows that no answer carried gets a placeholder row (placeholder-rows.ts): "owner
// unreachable" when its owner did not answer, else pending.

export interface PartsContext {
  cache: ClusterCache;
  identity: string;
  peers: Member[];
  members: string[];
  ownerOf: (node: string) => string | undefined;
  now: () => number;
}

export type PartAnswer = { identity: string; part: OverviewPart } | { identity: string; error: string };

/** A merged row's JSON: text (ours, a placeholder), or pieces (a peer's bytes) to write one after another. */
export type MergedRow = string | readonly (string | Buffer)[];

/** The merged envelope and the rows' JSON in name order. */
export interface MergedParts {
  env: Envelope;
  rows: MergedRow[];
}

const CLOSE = Buffer.from("}");
const text = (piece: string | Buffer) => (typeof piece === "string" ? piece : piece.toString());

/** The row's JSON, whole or (`table`) without labels and observations. */
function rowJson(r: PartRow, table: boolean): MergedRow {
  if (typeof r.head === "string" && typeof r.extra === "string") return `${r.head}${table ? "" : r.extra}}`;
  return table ? [r.head, CLOSE] : [r.head, r.extra, CLOSE];
}

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Merges our part and the peers' answers; `table` drops labels and observations from every row. */
export function mergeParts(ctx: PartsContext, local: OverviewPart, answers: PartAnswer[], table: boolean): MergedParts {
  const parts = [local, ...answers.flatMap((a) => ("part" in a ? [a.part] : []))];
  const failed = new Map(answers.flatMap((a) => ("error" in a ? [[a.identity, a.error] as const] : [])));
  const totals: FleetTotals = { underPressure: 0, reserved: {}, capacity: {} };
  const twice: FleetTotals = { underPressure: 0, reserved: {}, capacity: {} };
  const configs: ClusterOverview["configs"] = {};
  const seen = new Map<string, PartRow>();
  let collected = 0;
  let evictions = 0;
  for (const p of parts) {
    totals.underPressure += p.env.summary.nodesUnderPressure;
    for (const [k, v] of Object.entries(p.env.summary.capacity)) totals.capacity[k] = (totals.capacity[k] ?? 0) + v;
    for (const [k, v] of Object.entries(p.env.summary.reserved)) totals.reserved[k] = (totals.reserved[k] ?? 0) + v;
    collected += p.env.cluster.nodesCollected;
    Object.assign(configs, p.env.configs);
    // Events are watched whole by every replica; evicted pods only by their node's owner: the
    // largest count is the closest to the fleet's without sending the events themselves.
    evictions = Math.max(evictions, p.env.summary.evictionsLastHour);
    for (const r of p.rows) {
      if (!seen.has(r.name)) {
        seen.set(r.name, r);
        continue;
      }
      const dup = JSON.parse(`${text(r.head)}}`) as NodeRow;
      tallyRow(twice, dup);
      if (dup.collection.state === "ok") collected--;
    }
  }
  totals.underPressure -= twice.underPressure;
  for (const [k, v] of Object.entries(twice.capacity)) totals.capacity[k]! -= v;
  for (const [k, v] of Object.entries(twice.reserved)) totals.reserved[k]! -= v;

  const rows: { name: string; json: MergedRow }[] = [];
  for (const r of seen.values()) rows.push({ name: r.name, json: rowJson(r, table) });
  // Every node the Node informer knows gets a row: an unreachable owner's, or one its owner has not
  // collected yet (a membership change in flight).
  const wallNow = ctx.now();
  for (const node of ctx.cache.nodes.store.values()) {
    const name = node.metadata.name;
    if (seen.has(name)) continue;
    const owner = ctx.ownerOf(name);
    const peer = ctx.peers.find((p) => p.identity === owner);
    const why =
      owner && failed.has(owner)
        ? `owner unreachable: replica ${owner}, Lease last renewed ${peer ? Math.round((wallNow - peer.seenAt) / 1000) : "?"} s ago (${failed.get(owner)})`
        : undefined;
    const row = placeholderRow(node, ctx.cache, owner, why);
    tallyRow(totals, row);
    if (why) configs[UNREACHABLE_CONFIG_ID] = UNREACHABLE_CONFIG;
    const { labels: _l, observations: _o, ...fleetRow } = row;
    rows.push({ name, json: JSON.stringify(table ? fleetRow : row) });
  }
  rows.sort(byName);
  const unreachable = [...failed.keys()].sort();
  const env: Envelope = {
    generatedAt: local.env.generatedAt,
    cluster: {
      ...local.env.cluster,
      ready: parts.every((p) => p.env.cluster.ready) && unreachable.length === 0,
      nodesTotal: rows.length,
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
  return { env, rows: rows.map((r) => r.json) };
}
