import "server-only";

import { z } from "zod";

import { termination, type Termination } from "@/lib/contract/termination";
import { fleetTerminationsOf, terminationRecords } from "@/lib/k8s/documents/terminations-doc";
import type { ClusterCache } from "@/lib/k8s/store/cache";
import type { FleetTerminations } from "@/lib/terminations/fleet";

import type { Member } from "../membership";
import { askPeer, peerRequestsWritten } from "../peer/peer-ask";
import { peerAuthorized } from "../peer/peer-auth";
import { MERGE_TIMEOUT_MS } from "./fleet-merge";

// /terminations on any replica (HEADROOM_SHARDING=lease): each replica sends the terminations of
// the nodes it owns (GET /api/peer/terminations) with those nodes' allocatable, and the asked one
// groups them all by workload as one cache would. Pods are held only by their node's owner, so a
// pod's death is seen there; Events are watched whole, so each replica reports only its own nodes'
// (and the node-less ones, deduplicated by id) and none is counted twice. A peer that does not
// answer within the bound is named in `replicas.unreachable`: the document says it is incomplete.

const terminationsPart = z.object({
  identity: z.string(),
  terminations: z.array(termination),
  /** The allocatable the kubelet computed for each owned node, for the workload advice. */
  allocatable: z.record(z.string(), z.record(z.string(), z.number())),
});
export type TerminationsPart = z.infer<typeof terminationsPart>;

export interface TerminationsContext {
  cache: ClusterCache;
  identity: string;
  peerToken: string;
  owns: (node: string) => boolean;
}

/** This replica's share: the terminations of the nodes it owns (and of none), or 401 without the secret. */
export function peerTerminations(
  authorization: string | null,
  ctx: TerminationsContext,
): { status: 200; body: TerminationsPart } | { status: 401; body: { error: string } } {
  if (!peerAuthorized(authorization, ctx.peerToken)) return { status: 401, body: { error: "peer token required" } };
  const mine = terminationRecords(ctx.cache).filter((t) => t.node === null || ctx.owns(t.node));
  const allocatable: TerminationsPart["allocatable"] = {};
  for (const [name, s] of ctx.cache.states) if (s.row?.allocatable) allocatable[name] = { ...s.row.allocatable };
  return { status: 200, body: { identity: ctx.identity, terminations: mine, allocatable } };
}

export interface TerminationsMergeContext extends TerminationsContext {
  peers: Member[];
  members: string[];
  timeoutMs?: number;
}

/** The fleet's terminations, merged from every live replica's share. */
export async function mergedTerminations(ctx: TerminationsMergeContext): Promise<FleetTerminations> {
  const timeoutMs = ctx.timeoutMs ?? MERGE_TIMEOUT_MS;
  const others = ctx.peers.filter((p) => p.identity !== ctx.identity);
  // Peers first: they build their shares while we build ours (peer-ask.ts).
  const written = peerRequestsWritten();
  const asked = Promise.all(others.map((p) => askPeer(p, "terminations", terminationsPart, ctx.peerToken, timeoutMs)));
  await written(others);
  const local = peerTerminations(`Bearer ${ctx.peerToken}`, ctx);
  if (local.status !== 200) throw new Error("internal: own peer token refused");
  const answers = await asked;
  const parts = [local.body, ...answers.flatMap((a) => ("doc" in a ? [a.doc] : []))];
  const byId = new Map<string, Termination>();
  const allocatable = new Map<string, Record<string, number>>();
  for (const p of parts) {
    for (const t of p.terminations) if (!byId.has(t.id)) byId.set(t.id, t);
    for (const [node, a] of Object.entries(p.allocatable)) allocatable.set(node, a);
  }
  // Newest first, as one cache lists them; ties by id so every replica builds the same document.
  const records = [...byId.values()].sort(
    (a, b) => (b.time ?? "").localeCompare(a.time ?? "") || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const doc = fleetTerminationsOf(records, (n) => allocatable.get(n), ctx.cache.now());
  const unreachable = answers.flatMap((a) => ("error" in a ? [a.identity] : [])).sort();
  const errors = answers.flatMap((a) => ("error" in a ? [`replica ${a.identity}: ${a.error}`] : []));
  return {
    ...doc,
    replicas: { identity: ctx.identity, members: ctx.members, unreachable, ...(errors.length ? { errors } : {}) },
  };
}
