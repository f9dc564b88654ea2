import { NextResponse } from "next/server";
import { framePolicy, securityHeaders } from "@/lib/security-headers";

// Read once per process: the allowlist is deployment configuration, not per request.
const policy = framePolicy(process.env.HEADROOM_EMBED_ORIGINS);
if (policy.invalid.length) console.error(JSON.stringify({ level: "error", msg: "HEADROOM_EMBED_ORIGINS: ignored entries that are not http(s) origins", entries: policy.invalid }));
const headers = securityHeaders(policy);

/** Adds the security headers (incl. frame-ancestors for embed mode) to every response. */
export function proxy() {
  const res = NextResponse.next();
  for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
  return res;
}

export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
