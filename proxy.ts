import { NextResponse, type NextRequest } from "next/server";

import { createGate, crossSite, peerTrusted, USER_HEADER } from "@/lib/auth/gate";
import { parseServerConfig } from "@/lib/server/config";
import { contentSecurityPolicy, framePolicy, newNonce, securityHeaders } from "@/lib/server/security-headers";

// Pages pass here after the front door (lib/http/front-door.ts) has checked the target, Host,
// authentication and body: this adds the CSP with a fresh nonce (Next stamps it on its scripts),
// the login redirect and the identity for the page. The gate runs again as a second line. Configuration is read once per process; when it
// is invalid, instrumentation.ts has already stopped the server, and this fails closed anyway.
const parsed = parseServerConfig(process.env);
const cfg = parsed.success ? parsed.data : null;
const frames = framePolicy(cfg?.HEADROOM_EMBED_ORIGINS);
const gate = cfg ? createGate(cfg) : null;
const fromTrustedProxy = peerTrusted(cfg?.trustedProxies ?? []);
const dev = process.env.NODE_ENV === "development";

function withHeaders(res: NextResponse, csp?: string): NextResponse {
  for (const [k, v] of Object.entries(securityHeaders(frames, csp))) res.headers.set(k, v);
  return res;
}

const refuse = (status: number, error: string) => {
  const res = withHeaders(NextResponse.json({ error }, { status }));
  if (status === 401) res.headers.set("WWW-Authenticate", 'Bearer realm="headroom"');
  return res;
};

/** Authenticates the request and adds the security headers (with a per-request CSP nonce). */
export function proxy(request: NextRequest) {
  if (!gate) return refuse(503, "server misconfigured: see the start-up log");
  const path = request.nextUrl.pathname;
  const req = { path, method: request.method, headers: request.headers };
  if (crossSite(req, fromTrustedProxy(request.headers))) return refuse(403, "cross-site request refused");
  const decision = gate(req);
  if (decision.action === "deny") return refuse(decision.status, decision.error);
  if (decision.action === "login") {
    const to = new URL("/login", request.url);
    to.searchParams.set("next", path + request.nextUrl.search);
    return withHeaders(NextResponse.redirect(to, 303));
  }
  const nonce = newNonce();
  const csp = contentSecurityPolicy(frames, nonce, dev);
  const headers = new Headers(request.headers);
  // Next reads the nonce from the request's CSP header and stamps it on its scripts.
  headers.set("content-security-policy", csp);
  headers.delete(USER_HEADER);
  if (decision.user) headers.set(USER_HEADER, decision.user);
  headers.set("x-headroom-auth-mode", cfg!.HEADROOM_AUTH_MODE);
  return withHeaders(NextResponse.next({ request: { headers } }), csp);
}

// Not /api/ (JSON, no nonce needed; and Next would buffer an API body for the proxy, 10 MB then
// truncated) nor Next's own files: the front door covers those.
export const config = {
  matcher: ["/((?!api/|_next/|favicon.ico).*)"],
};
