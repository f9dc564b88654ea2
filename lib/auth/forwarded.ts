import type { IncomingHttpHeaders } from "node:http";

// X-Forwarded-Host, -Proto, -For (and RFC 7239 Forwarded) say where a request came from before a
// reverse proxy. Anyone can send them, so they mean something only when the socket peer is one of
// HEADROOM_TRUSTED_PROXIES. The front door (lib/http/front-door.ts) removes them from every other
// peer's request before Next, the routes or the same-origin check read them; Next then fills in
// its own from the socket.

/** Whether a request header name carries forwarding information (X-Forwarded-*, Forwarded, X-Real-IP). */
function isForwardingHeader(name: string): boolean {
  const n = name.toLowerCase();
  return n.startsWith("x-forwarded-") || n === "forwarded" || n === "x-real-ip";
}

/** Removes the forwarding headers from a request whose peer is not a trusted proxy; returns the names removed. */
export function dropUntrustedForwarding(headers: IncomingHttpHeaders, peerTrusted: boolean): string[] {
  if (peerTrusted) return [];
  const dropped = Object.keys(headers).filter(isForwardingHeader);
  for (const name of dropped) delete headers[name];
  return dropped;
}
