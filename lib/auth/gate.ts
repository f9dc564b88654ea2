import { PEER_PATH_PREFIX } from "@/lib/auth/peer-path";

import { cidrMatcher, type Cidr } from "./net";
import { bearer, cookieValue, SESSION_COOKIE, sessionValid, tokenMatches } from "./session";

// Who may see what, decided once per request in proxy.ts. Pure: the request facts come in (the
// socket peer address is stamped by lib/auth/peer-stamp.ts), a decision comes out.

/** The request header carrying the socket's peer address, set by the server for every request. */
export const PEER_HEADER = "x-headroom-peer";
/** The request header carrying the authenticated identity to pages and routes. */
export const USER_HEADER = "x-headroom-user";

export interface GateRequest {
  path: string;
  method: string;
  headers: Headers;
}

export type Decision =
  { action: "allow"; user: string | null } | { action: "login" } | { action: "deny"; status: 401 | 403; error: string };

// Kubernetes probes come from the kubelet, not through the auth proxy, and carry no secret.
const ALWAYS_PUBLIC = new Set(["/api/healthz", "/api/readyz", "/favicon.ico"]);
// Next's build output (scripts, styles, fonts): the same for everyone and needed by /login.
const PUBLIC_PREFIX = "/_next/static/";
const LOGIN = new Set(["/login", "/api/login", "/api/logout"]);
const IDENTITY = /^[\x21-\x7e][\x20-\x7e]{0,255}$/;

/**
 * The settings the gate reads: a slice of lib/server/config.ts's ServerConfig, declared here so
 * lib/auth does not import lib/server (which imports lib/auth to parse them).
 */
export interface GateConfig {
  HEADROOM_AUTH_MODE: "none" | "token" | "trusted-header";
  HEADROOM_AUTH_TOKEN?: string | undefined;
  HEADROOM_AUTH_HEADER: string;
  HEADROOM_METRICS_PUBLIC: boolean;
  trustedProxies: Cidr[];
}

/** Returns a gate function for one configuration (matchers are built once). */
export function createGate(cfg: GateConfig, now: () => number = Date.now): (req: GateRequest) => Decision {
  const trusted = cidrMatcher(cfg.trustedProxies);
  const header = cfg.HEADROOM_AUTH_HEADER.toLowerCase();
  return (req) => {
    if (ALWAYS_PUBLIC.has(req.path) || req.path.startsWith(PUBLIC_PREFIX)) return { action: "allow", user: null };
    if (req.path === "/metrics" && cfg.HEADROOM_METRICS_PUBLIC) return { action: "allow", user: null };
    // Replica-to-replica routes carry the peer secret, not a user's: their route checks it
    // (lib/k8s/replicas/peer/peer-auth.ts) and answers 401 with no data without it.
    if (req.path.startsWith(PEER_PATH_PREFIX)) return { action: "allow", user: null };
    if (cfg.HEADROOM_AUTH_MODE === "none") return { action: "allow", user: null };
    if (cfg.HEADROOM_AUTH_MODE === "token") {
      const token = cfg.HEADROOM_AUTH_TOKEN!;
      if (LOGIN.has(req.path)) return { action: "allow", user: null };
      const presented = bearer(req.headers.get("authorization"));
      if (presented !== null)
        return tokenMatches(presented, token)
          ? { action: "allow", user: "token" }
          : { action: "deny", status: 401, error: "invalid bearer token" };
      if (sessionValid(cookieValue(req.headers.get("cookie"), SESSION_COOKIE), token, now()))
        return { action: "allow", user: "session" };
      return wantsPage(req) ? { action: "login" } : { action: "deny", status: 401, error: "authentication required" };
    }
    // trusted-header: the identity header means something only when the socket peer is the proxy;
    // anyone else could simply send it.
    if (!trusted(req.headers.get(PEER_HEADER)))
      return { action: "deny", status: 403, error: "requests must come through the authenticating proxy" };
    const user = req.headers.get(header)?.trim() ?? "";
    if (!IDENTITY.test(user)) return { action: "deny", status: 401, error: `the authenticating proxy sent no ${header} header` };
    return { action: "allow", user };
  };
}

/** A browser navigation (redirect it to /login) rather than an API or scrape call (answer 401). */
function wantsPage(req: GateRequest): boolean {
  if (req.method !== "GET" || req.path.startsWith("/api/") || req.path === "/metrics") return false;
  return (req.headers.get("accept") ?? "").includes("text/html");
}

/**
 * A same-origin check for state-changing requests: a cross-site form or fetch is refused.
 * `forwardedTrusted`: the socket peer is a trusted proxy, so its X-Forwarded-Host is believed.
 */
export function crossSite(req: GateRequest, forwardedTrusted: boolean): boolean {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return false;
  // Browsers say where a request comes from in Sec-Fetch-Site; Origin is "null" on our own form
  // posts under Referrer-Policy: no-referrer, so it is only the fallback for older browsers.
  const site = req.headers.get("sec-fetch-site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = req.headers.get("origin");
  if (!origin || origin === "null") return origin === "null";
  if (!URL.canParse(origin)) return true;
  // Behind a proxy that rewrites Host the original is in X-Forwarded-Host, but only a trusted
  // proxy's word counts: any other client can send the header with a matching Origin.
  const host = new URL(origin).host;
  if (host === req.headers.get("host")) return false;
  return !(forwardedTrusted && host === req.headers.get("x-forwarded-host"));
}

/** Tells whether a request's socket peer (PEER_HEADER) is one of the trusted proxies. */
export function peerTrusted(trustedProxies: Cidr[]): (headers: Headers) => boolean {
  const trusted = cidrMatcher(trustedProxies);
  return (headers) => trusted(headers.get(PEER_HEADER));
}

// A path that a browser resolves on this origin: one leading "/", and not "//" or "/\\", which
// browsers read as a protocol-relative URL to another host.
const LOCAL_PATH = /^\/(?![/\\])/;

/** A safe local path to return to after login ("/nodes/x?q=1"), never another site; percent-encoded, so it fits a Location header. */
export function safeNext(raw: string | null | undefined): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (!raw || raw.length > 2048 || !LOCAL_PATH.test(raw) || /[\x00-\x1f\x7f]/.test(raw)) return "/";
  // The URL parser percent-encodes what a header cannot carry ("/€" → "/%E2%82%AC") and resolves
  // dot segments. Resolving can *make* a protocol-relative path ("/..//evil.example" becomes
  // "//evil.example"), so the rule is checked again on what will actually be sent.
  const base = "http://headroom.invalid";
  const url = new URL(raw, base);
  const path = url.pathname + url.search + url.hash;
  return url.origin === base && LOCAL_PATH.test(path) ? path : "/";
}
