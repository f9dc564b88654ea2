// Several nodes' documents in one answer (GET /api/nodes?names=a,b,c): the pod detail of a pool or
// fleet what-if, and the CLI reading a Headroom deployment (`headroom analyze --server`). With
// several replicas (HEADROOM_SHARDING=lease) each owner sends its nodes' documents in one peer
// request; a node whose document could not be had is listed in `missing` with why, and `complete`
// is false, so a partial answer never reads as the whole.
import { z } from "zod";

import { nodeDetail } from "./dto";

/** At most this many names per request: each document carries the node's pods and an hour of history. */
export const MAX_DOCUMENT_NAMES = 50;

export const missingDocument = z.object({
  name: z.string(),
  /** "node \"x\" not found", "owner unreachable: replica r2, Lease last renewed 4 s ago (…)". */
  error: z.string(),
  /** The replica that owns the node, with several replicas. */
  owner: z.string().optional(),
});
export type MissingDocument = z.infer<typeof missingDocument>;

export const nodeDocuments = z.object({
  /** In the order the names were asked. */
  documents: z.array(nodeDetail),
  missing: z.array(missingDocument),
  /** False when any asked node is missing. */
  complete: z.boolean(),
  /** With several replicas: who answered, and the replicas that did not (their nodes are in `missing`). */
  replicas: z.object({ identity: z.string(), members: z.array(z.string()), unreachable: z.array(z.string()) }).optional(),
});
export type NodeDocuments = z.infer<typeof nodeDocuments>;

/** The `names` query parameter: comma-separated node names, 1 to MAX_DOCUMENT_NAMES, duplicates dropped. */
export function parseNames(raw: string | null, isName: (n: string) => string | null): { names: string[] } | { error: string } {
  if (!raw) return { error: "names: required (comma-separated node names)" };
  const names = [...new Set(raw.split(","))];
  if (names.length > MAX_DOCUMENT_NAMES)
    return { error: `names: at most ${MAX_DOCUMENT_NAMES} nodes per request, got ${names.length}` };
  for (const n of names) {
    const why = isName(n);
    if (why) return { error: `names: ${JSON.stringify(n.length > 64 ? `${n.slice(0, 64)}…` : n)} ${why}` };
  }
  return { names };
}
