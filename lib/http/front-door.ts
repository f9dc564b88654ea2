import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import type { TLSSocket } from "node:tls";

import { dropUntrustedForwarding } from "@/lib/auth/forwarded";
import { createGate, crossSite, peerTrusted, USER_HEADER } from "@/lib/auth/gate";
import { hostName, hostPolicy, parseAllowedHosts } from "@/lib/auth/hosts";
import type { ServerConfig } from "@/lib/server/config";
import { framePolicy, securityHeaders } from "@/lib/server/security-headers";

import { bodyProblem } from "./body-limits";
import { lingerOnClose } from "./lingering-close";
import { targetProblem } from "./request-target";
import { applyTimeouts, HEADERS_TIMEOUT_MS, isRequestTimeout, REQUEST_TIMEOUT_MS } from "./slow-clients";

// Next's proxy (proxy.ts) runs only after Next has parsed the URL (a 500 on "%FF") and buffered
// the request body (10 MB, then silently truncated), and never sees static files or its own error
// pages. So the decisions that must come first are taken here, on the Node request itself,
// before Next's request listener runs: a usable target, the Host/Origin allowlist, the cross-site
// check and authentication, and the body's size as declared. A refused request is answered here
// and never reaches Next; an accepted one goes on with the security headers (and no-store for API
// answers) already set, so every response carries them, whoever writes it.

const PROBES = new Set(["/api/healthz", "/api/readyz"]);
const KEY = Symbol.for("headroom.front-door");
const g = globalThis as unknown as Record<symbol, boolean>;

export interface Refusal {
  status: number;
  error?: string;
  location?: string;
}

type FrontRequest = Pick<IncomingMessage, "method" | "url" | "headers">;

/** Whether an API answer (never to be cached by a browser or a proxy: it is live cluster data). */
const isApiPath = (path: string) => path.startsWith("/api/") || path === "/metrics";

/** Builds the front door's decision function for one configuration. */
export function frontDoor(cfg: ServerConfig): (req: FrontRequest) => Refusal | null {
  const gate = createGate(cfg);
  const fromTrustedProxy = peerTrusted(cfg.trustedProxies);
  const hosts = hostPolicy({
    authMode: cfg.HEADROOM_AUTH_MODE,
    bind: cfg.HOSTNAME,
    allowed: parseAllowedHosts(cfg.HEADROOM_ALLOWED_HOSTS).hosts,
  });
  return (req) => {
    const bad = targetProblem(req.url);
    if (bad) return { status: 400, error: bad };
    const url = req.url!;
    const path = url.split("?", 1)[0]!;
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    // Nothing after this (the checks below, Next, the routes) sees X-Forwarded-* from a peer that
    // is not a trusted proxy.
    const forwardedTrusted = fromTrustedProxy(headers);
    for (const name of dropUntrustedForwarding(req.headers, forwardedTrusted)) headers.delete(name);
    // Probes come from the kubelet with the pod's IP as Host; they show no cluster data.
    if (hosts.enforced && !PROBES.has(path)) {
      if (!hosts.allows(hostName(req.headers.host ?? "")))
        return { status: 421, error: "host: not a name this server answers to (see HEADROOM_ALLOWED_HOSTS)" };
      const origin = req.headers.origin;
      if (origin && origin !== "null" && !(URL.canParse(origin) && hosts.allows(hostName(new URL(origin).host))))
        return { status: 403, error: "origin: cross-origin request refused" };
    }
    const method = req.method ?? "GET";
    const gateReq = { path, method, headers };
    if (crossSite(gateReq, forwardedTrusted)) return { status: 403, error: "cross-site request refused" };
    const decision = gate(gateReq);
    if (decision.action === "deny") return { status: decision.status, error: decision.error };
    if (decision.action === "login") return { status: 303, location: `/login?${new URLSearchParams({ next: url })}` };
    return bodyProblem(method, path, req.headers);
  };
}

// Node answers a request it cannot parse itself ("400 Bad Request", "431" for oversized headers,
// "408" for one too slow: slow-clients.ts), with no headers at all; this answer carries the
// security headers like every other.
export function refuseMalformed(err: NodeJS.ErrnoException, socket: Duplex, headers: [string, string][]): void {
  if (!socket.writable || err.code === "ECONNRESET") return void socket.destroy();
  const [status, text, why] = isRequestTimeout(err)
    ? [
        408,
        "Request Timeout",
        `not received in time (headers within ${HEADERS_TIMEOUT_MS / 1000} s, the whole request within ${REQUEST_TIMEOUT_MS / 1000} s)`,
      ]
    : err.code === "HPE_HEADER_OVERFLOW"
      ? [431, "Request Header Fields Too Large", "headers too large"]
      : [400, "Bad Request", "malformed HTTP"];
  const body = JSON.stringify({ error: `request: ${why}` });
  const lines = [
    ...headers,
    ["Content-Type", "application/json"],
    ["Content-Length", String(body.length)],
    ["Connection", "close"],
  ]
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("");
  socket.end(`HTTP/1.1 ${status} ${text}\r\n${lines}\r\n${body}`);
}

function refuse(res: ServerResponse, refusal: Refusal, hasBody: boolean): void {
  if (refusal.status === 401) res.setHeader("WWW-Authenticate", 'Bearer realm="headroom"');
  // The body was never read: closing is cheaper than draining what the client still sends, but
  // the close lingers so that a client still sending reads this answer, not a reset.
  if (hasBody) {
    res.setHeader("Connection", "close");
    if (res.socket) lingerOnClose(res.socket as Socket);
  }
  if (refusal.location) {
    res.writeHead(refusal.status, { Location: refusal.location }).end();
    return;
  }
  res.writeHead(refusal.status, { "Content-Type": "application/json" }).end(JSON.stringify({ error: refusal.error }));
}

/** Puts the front door before Next's request handling on every plain-HTTP server of this process (idempotent). */
export function installFrontDoor(cfg: ServerConfig): void {
  if (g[KEY]) return;
  g[KEY] = true;
  const decide = frontDoor(cfg);
  const frames = framePolicy(cfg.HEADROOM_EMBED_ORIGINS);
  const defaults = Object.entries(securityHeaders(frames));
  // A Web Worker runs under the CSP of its own script's response, not the page's: the what-if's
  // fleet worker (a Turbopack chunk) must be able to load its sibling chunks from this origin.
  const staticScripts = Object.entries(
    securityHeaders(frames, `default-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors ${frames.frameAncestors}`),
  );
  const wrapped = new WeakSet<Server>();
  // Node publishes each request on this channel just before it emits "request" on the server;
  // wrapping that server's emit (once) lets the front door answer before Next's listener runs.
  subscribe("http.server.request.start", (message) => {
    const { request, server } = message as { request: IncomingMessage; server: Server };
    if ((request.socket as TLSSocket | undefined)?.encrypted || wrapped.has(server)) return;
    wrapped.add(server);
    applyTimeouts(server);
    const emit = server.emit;
    server.emit = function (this: Server, event: string | symbol, ...args: unknown[]): boolean {
      if (event === "request") {
        const [req, res] = args as [IncomingMessage, ServerResponse];
        for (const [k, v] of (req.url ?? "").startsWith("/_next/static/") ? staticScripts : defaults) res.setHeader(k, v);
        if (isApiPath((req.url ?? "").split("?", 1)[0]!)) res.setHeader("Cache-Control", "no-store");
        const refusal = decide(req);
        if (refusal) {
          refuse(res, refusal, req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined);
          req.resume();
          return true;
        }
        // Only the front door and proxy.ts may say who the user is.
        delete req.headers[USER_HEADER];
        delete req.headers["x-headroom-auth-mode"];
      } else if (event === "clientError") {
        refuseMalformed(args[0] as NodeJS.ErrnoException, args[1] as Duplex, defaults);
        return true;
      }
      return (emit as (e: string | symbol, ...a: unknown[]) => boolean).call(this, event, ...args);
    } as Server["emit"];
  });
}
