import "server-only";

import type { z } from "zod";

import { PEER_PATH_PREFIX } from "@/lib/auth/peer-path";

import type { Member } from "../membership";

// One peer request, as every merge makes it (fleet-merge.ts, terminations-merge.ts): the peer
// secret as a bearer token, a time bound, no redirects, and the answer checked against its schema;
// any failure comes back as words for the "owner unreachable" notes, never as a thrown error.

export type PeerAnswer<T> = { identity: string; doc: T } | { identity: string; error: string };

/** GET `${peer}/api/peer/${path}`, parsed with `schema`, within `timeoutMs`. */
export async function askPeer<T>(
  p: Member,
  path: string,
  schema: z.ZodType<T>,
  peerToken: string,
  timeoutMs: number,
): Promise<PeerAnswer<T>> {
  try {
    if (!p.peerUrl) throw new Error("no peer URL in its Lease");
    const res = await fetch(`${p.peerUrl}${PEER_PATH_PREFIX}${path}`, {
      headers: { authorization: `Bearer ${peerToken}` },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const parsed = schema.safeParse(await res.json());
    if (!parsed.success) throw new Error(`bad document: ${parsed.error.issues[0]!.path.join(".")}`);
    return { identity: p.identity, doc: parsed.data };
  } catch (e) {
    const err = e as Error;
    return { identity: p.identity, error: err.name === "TimeoutError" ? `no answer within ${timeoutMs} ms` : err.message };
  }
}
