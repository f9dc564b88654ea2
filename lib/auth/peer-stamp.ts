import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";

import { PEER_HEADER } from "./gate";

// proxy.ts sees headers, not the socket, and X-Forwarded-For is whatever the client or the
// proxies before us wrote (Next only fills it in when absent). Node publishes every request on
// the "http.server.request.start" channel before the server's "request" listeners (Next) run, so
// here we overwrite PEER_HEADER with the real TCP peer; a client-sent value never survives.
// Installed once per process from instrumentation.ts, which Next runs before serving requests.

const KEY = Symbol.for("headroom.peer-stamp");
const g = globalThis as unknown as Record<symbol, boolean>;

/** Starts stamping every incoming HTTP request with its socket peer address (idempotent). */
export function installPeerStamp(): void {
  if (g[KEY]) return;
  g[KEY] = true;
  subscribe("http.server.request.start", (message) => {
    const req = (message as { request: IncomingMessage }).request;
    const addr = req.socket?.remoteAddress;
    if (addr) req.headers[PEER_HEADER] = addr;
    else delete req.headers[PEER_HEADER];
  });
}
