import "server-only";

import type { z } from "zod";

import { PEER_PATH_PREFIX } from "@/lib/auth/peer-path";

import type { Member } from "../membership";

// One peer request, as every merge makes it (fleet-merge.ts, terminations-merge.ts): the peer
// secret as a bearer token, a time bound (the body included), no redirects, and the answer checked
// against its schema; any failure comes back as words for the "owner unreachable" notes, never as
// a thrown error.

export type PeerAnswer<T> = { identity: string; doc: T } | { identity: string; error: string };

/** GET `${peer}/api/peer/${path}`, its body read whole within `timeoutMs`. */
async function fetchPeer<T>(
  p: Member,
  path: string,
  peerToken: string,
  timeoutMs: number,
  read: (res: Response) => Promise<T>,
): Promise<{ identity: string; value: T } | { identity: string; error: string }> {
  try {
    if (!p.peerUrl) throw new Error("no peer URL in its Lease");
    const res = await fetch(`${p.peerUrl}${PEER_PATH_PREFIX}${path}`, {
      headers: { authorization: `Bearer ${peerToken}` },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return { identity: p.identity, value: await read(res) };
  } catch (e) {
    const err = e as Error;
    return { identity: p.identity, error: err.name === "TimeoutError" ? `no answer within ${timeoutMs} ms` : err.message };
  }
}

/** GET `${peer}/api/peer/${path}`, parsed with `schema`, within `timeoutMs`. */
export async function askPeer<T>(
  p: Member,
  path: string,
  schema: z.ZodType<T>,
  peerToken: string,
  timeoutMs: number,
): Promise<PeerAnswer<T>> {
  const a = await fetchPeer(p, path, peerToken, timeoutMs, async (res) => {
    const parsed = schema.safeParse(await res.json());
    if (!parsed.success) throw new Error(`bad document: ${parsed.error.issues[0]!.path.join(".")}`);
    return parsed.data;
  });
  return "error" in a ? a : { identity: a.identity, doc: a.value };
}

/** GET `${peer}/api/peer/${path}` as text, within `timeoutMs` (the caller reads it). */
export async function askPeerText(
  p: Member,
  path: string,
  peerToken: string,
  timeoutMs: number,
): Promise<{ identity: string; text: string } | { identity: string; error: string }> {
  const a = await fetchPeer(p, path, peerToken, timeoutMs, (res) => res.text());
  return "error" in a ? a : { identity: a.identity, text: a.value };
}
