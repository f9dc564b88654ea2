import "server-only";

import { subscribe } from "node:diagnostics_channel";
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
    return { identity: p.identity, error: peerError(e, timeoutMs) };
  }
}

/** A failed peer request in words (the bound, when it ran out, reads as such). */
export function peerError(e: unknown, timeoutMs: number): string {
  const err = e as Error;
  return err.name === "TimeoutError" ? `no answer within ${timeoutMs} ms` : err.message;
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

/**
 * GET `${peer}/api/peer/${path}` answered: its body as it arrives, the bound still running over it
 * (a chunk that does not come in time rejects with a TimeoutError, peerError's words). The fleet
 * merge streams a peer's rows on as they come (fleet-merge.ts).
 */
export async function askPeerStream(
  p: Member,
  path: string,
  peerToken: string,
  timeoutMs: number,
): Promise<{ identity: string; body: ReadableStream<Uint8Array> } | { identity: string; error: string }> {
  const a = await fetchPeer(p, path, peerToken, timeoutMs, async (res) => {
    if (!res.body) throw new Error("no body");
    return res.body;
  });
  return "error" in a ? a : { identity: a.identity, body: a.value };
}

// Peer requests whose headers are on the wire so far, counted on undici's own diagnostics channel
// (Node's fetch publishes it once a request's headers are written to its socket).
let peerRequestsSent = 0;
subscribe("undici:client:sendHeaders", (message) => {
  if ((message as { request?: { path?: string } }).request?.path?.includes(PEER_PATH_PREFIX)) peerRequestsSent++;
});

/** How long a merge waits for its peer requests to be written before building its own part anyway. */
const SEND_WAIT_MS = 25;

/**
 * A merge asks its peers first and builds its own part while they build theirs. fetch writes a
 * request only after the caller yields (a turn or more: one to connect when no idle connection is
 * left, and the page asks every 10 s, past undici's 4 s keep-alive). Without waiting for that, our
 * own part (30–50 ms of rows at 5 000 nodes, more when the cache is cold) blocks the event loop
 * before any peer has been asked (docs/replicas.md). Call before asking; the returned function
 * resolves once the requests to `peers` asked since are written (or SEND_WAIT_MS passed), plus one
 * turn for a peer in this same process (the tests') to read its request. A peer without a URL in
 * its Lease is never sent one (fetchPeer fails at once), so it is not waited for.
 */
export function peerRequestsWritten(): (peers: readonly Pick<Member, "peerUrl">[]) => Promise<void> {
  const from = peerRequestsSent;
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  return async (peers) => {
    const n = peers.filter((p) => p.peerUrl).length;
    if (n === 0) return;
    const end = performance.now() + SEND_WAIT_MS;
    while (peerRequestsSent - from < n && performance.now() < end) await turn();
    await turn();
  };
}
