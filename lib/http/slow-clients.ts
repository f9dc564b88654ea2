import type { Server } from "node:http";

// Timeouts against slow clients (issue 29): a body trickled at a byte a second stayed open for
// Node's default five minutes, slowloris headers for 60-90 s (Node checks its timeouts only every
// 30 s), and both were answered "400 malformed HTTP". Here: headers within HEADERS_TIMEOUT_MS,
// the whole request (body included) within REQUEST_TIMEOUT_MS, checked every second, answered 408.
// Bodies are capped per route (body-limits.ts), so what a slow client holds is bounded in size
// and in time. docs/security.md lists these with the other limits.

/** The request line and headers must arrive within this long. */
export const HEADERS_TIMEOUT_MS = 10_000;
/** The whole request, body included (32 MiB at half a megabyte a second), within this long. */
export const REQUEST_TIMEOUT_MS = 60_000;
/** A kept-alive connection with no request in progress is closed after this long (Node's default). */
const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** A connection on which nothing at all arrives or leaves is closed after this long. */
const IDLE_TIMEOUT_MS = 120_000;
/** How often Node checks the header and request timeouts (its default, 30 s, made them 10-40 s). */
const CHECK_INTERVAL_MS = 1_000;

export interface SlowClientTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
  idleMs: number;
}

const DEFAULTS: SlowClientTimeouts = {
  headersMs: HEADERS_TIMEOUT_MS,
  requestMs: REQUEST_TIMEOUT_MS,
  keepAliveMs: KEEP_ALIVE_TIMEOUT_MS,
  idleMs: IDLE_TIMEOUT_MS,
};

/** Sets a server's timeouts (Next creates the server; this runs at its first request). */
export function applyTimeouts(server: Server, t: SlowClientTimeouts = DEFAULTS): void {
  server.headersTimeout = t.headersMs;
  server.requestTimeout = t.requestMs;
  server.keepAliveTimeout = t.keepAliveMs;
  server.timeout = t.idleMs;
  // The check interval is a createServer option only, and Next creates the server. Node keeps the
  // interval under a private symbol: re-armed at CHECK_INTERVAL_MS when found, left as is if not.
  const owner = server as unknown as Record<symbol, NodeJS.Timeout | undefined>;
  const key = Object.getOwnPropertySymbols(server).find((s) => s.description === "http.server.connectionsCheckingInterval");
  const timer = key ? owner[key] : undefined;
  const check = (timer as unknown as { _onTimeout?: () => void } | undefined)?._onTimeout;
  if (key && timer && typeof check === "function") {
    clearInterval(timer);
    owner[key] = setInterval(check, Math.min(CHECK_INTERVAL_MS, t.headersMs)).unref();
  }
}

/** Whether a client error is Node's header or request timeout (answered 408, not 400). */
export const isRequestTimeout = (err: NodeJS.ErrnoException) => err.code === "ERR_HTTP_REQUEST_TIMEOUT";
