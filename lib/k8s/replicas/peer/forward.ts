import "server-only";

import { PEER_PATH_PREFIX } from "../../../auth/peer-path";
import type { Member } from "../membership";
import { currentShard } from "../runtime";
import { peerAuthorized } from "./peer-auth";

// A node's page is served by the replica that owns it: a request for another replica's node is
// forwarded to that replica's peer route (with the peer secret, bounded in time). When the owner
// does not answer, the caller gets a 502 naming the owner and how long ago its Lease was last seen
// to change, never an empty page.

/** How long a forwarded request may take before the owner counts as unreachable. */
const FORWARD_TIMEOUT_MS = 3000;

/** What forwarding needs of a replica (the process's shard, or a test's). */
export interface ForwardContext {
  identity: string;
  peerToken: string;
  ownerOf: (node: string) => string | undefined;
  peers: () => Member[];
  timeoutMs?: number;
}

/** The owner's answer for a node `ctx`'s replica does not own, or undefined to serve it here. */
export async function forwardToOwner(node: string, ctx: ForwardContext): Promise<Response | undefined> {
  const owner = ctx.ownerOf(node);
  if (!owner || owner === ctx.identity) return undefined;
  const timeoutMs = ctx.timeoutMs ?? FORWARD_TIMEOUT_MS;
  const peer = ctx.peers().find((p) => p.identity === owner);
  const lastSeenSeconds = peer ? Math.round((Date.now() - peer.seenAt) / 1000) : null;
  const unreachable = (why: string) =>
    Response.json(
      {
        error: `owner unreachable: replica ${owner} (Lease last renewed ${lastSeenSeconds ?? "?"} s ago): ${why}`,
        owner,
        lastSeenSeconds,
      },
      { status: 502 },
    );
  if (!peer?.peerUrl) return unreachable("no peer URL in its Lease");
  try {
    const res = await fetch(`${peer.peerUrl}${PEER_PATH_PREFIX}nodes/${encodeURIComponent(node)}`, {
      headers: { authorization: `Bearer ${ctx.peerToken}` },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    });
    const body = await res.text();
    return new Response(body, {
      status: res.status,
      headers: { "Content-Type": res.headers.get("content-type") ?? "application/json", "X-Headroom-Owner": owner },
    });
  } catch (e) {
    return unreachable((e as Error).name === "TimeoutError" ? `no answer within ${timeoutMs} ms` : String((e as Error).message));
  }
}

/** The owner's answer for a node this process does not own, or undefined to serve it here. */
export async function forwardNode(node: string): Promise<Response | undefined> {
  const cur = currentShard();
  if (!cur) return undefined;
  const m = cur.shard.membership;
  return forwardToOwner(node, {
    identity: cur.settings.identity,
    peerToken: cur.settings.peerToken,
    ownerOf: cur.shard.ownerOf,
    peers: () => m.peers(),
  });
}

/** Whether a peer route request carries the secret (false also when sharding is off). */
export function peerRequestAuthorized(authorization: string | null): boolean {
  const cur = currentShard();
  return !!cur && peerAuthorized(authorization, cur.settings.peerToken);
}
