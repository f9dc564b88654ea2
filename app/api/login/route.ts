import { peerTrusted, safeNext } from "@/lib/auth/gate";
import { issueSession, SESSION_COOKIE, tokenMatches } from "@/lib/auth/session";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { readBody } from "@/lib/http/read-body";
import { parseServerConfig } from "@/lib/server/config";
import { log } from "@/lib/server/log";

export const dynamic = "force-dynamic";

const parsed = parseServerConfig(process.env);
const cfg = parsed.success ? parsed.data : null;
const fromTrustedProxy = peerTrusted(cfg?.trustedProxies ?? []);

/** Whether the session cookie must be Secure: the browser reached us over HTTPS (maybe via a trusted proxy). */
function overHttps(request: Request): boolean {
  if (new URL(request.url).protocol === "https:") return true;
  return fromTrustedProxy(request.headers) && request.headers.get("x-forwarded-proto") === "https";
}

/** POST /api/login (token mode): trades the token (form field `token`) for a session cookie. */
export async function POST(request: Request) {
  if (cfg?.HEADROOM_AUTH_MODE !== "token")
    return Response.json({ error: "login is only used with HEADROOM_AUTH_MODE=token" }, { status: 404 });
  const body = await readBody(request, BODY_LIMITS["/api/login"]!);
  if (!body.ok) return Response.json({ error: body.error }, { status: body.status });
  const form = new URLSearchParams(body.text);
  const next = safeNext(form.get("next"));
  if (!tokenMatches(form.get("token"), cfg.HEADROOM_AUTH_TOKEN!)) {
    log.warn("login refused", { reason: "wrong token" });
    return new Response(null, { status: 303, headers: { Location: `/login?error=1&next=${encodeURIComponent(next)}` } });
  }
  const maxAge = Math.round(cfg.HEADROOM_SESSION_HOURS * 3600);
  const cookie = [
    `${SESSION_COOKIE}=${issueSession(cfg.HEADROOM_AUTH_TOKEN!, Date.now() + maxAge * 1000)}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${maxAge}`,
    ...(overHttps(request) ? ["Secure"] : []),
  ].join("; ");
  log.info("login", { user: "session" });
  // A relative Location: behind a proxy, request.url may carry the internal host.
  return new Response(null, { status: 303, headers: { Location: next, "Set-Cookie": cookie } });
}
