import { SESSION_COOKIE } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

/** POST /api/logout: drops the session cookie (the cookie is stateless, so this is all there is). */
export function POST() {
  return new Response(null, {
    status: 303,
    headers: { Location: "/login", "Set-Cookie": `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0` },
  });
}
