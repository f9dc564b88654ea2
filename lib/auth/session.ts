import { createHash, createHmac, timingSafeEqual } from "node:crypto";

// Token mode: one shared secret (HEADROOM_AUTH_TOKEN). A browser trades it once at /login for a
// session cookie "<expiry>.<hmac>"; scripts and Prometheus send it as "Authorization: Bearer".
// The cookie key is derived from the token, so every replica accepts the same cookies, a restart
// keeps sessions, and rotating the token logs everyone out. The cookie never contains the token.

export const SESSION_COOKIE = "headroom_session";

const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();

/** Compares a presented secret with the configured one in constant time (both hashed first, so lengths leak nothing). */
export function tokenMatches(presented: string | null | undefined, token: string): boolean {
  if (typeof presented !== "string" || presented.length === 0 || presented.length > 4096) return false;
  return timingSafeEqual(digest(presented), digest(token));
}

function mac(token: string, expiry: string): string {
  const key = createHmac("sha256", token).update("headroom-session-v1").digest();
  return createHmac("sha256", key).update(expiry).digest("base64url");
}

/** Makes a session cookie value valid until `expiresAt` (ms). */
export function issueSession(token: string, expiresAt: number): string {
  const expiry = String(Math.floor(expiresAt / 1000));
  return `${expiry}.${mac(token, expiry)}`;
}

/** Checks a session cookie value: well-formed, signed with this token, not expired. */
export function sessionValid(value: string | null | undefined, token: string, now: number): boolean {
  const m = /^(\d{1,12})\.([\w-]{43})$/.exec(value ?? "");
  if (!m) return false;
  if (Number(m[1]) * 1000 <= now) return false;
  return timingSafeEqual(Buffer.from(m[2]!), Buffer.from(mac(token, m[1]!)));
}

/** The bearer credential of an Authorization header, or null. */
export function bearer(header: string | null): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return m ? m[1]! : null;
}

/** Reads one cookie from a Cookie header. */
export function cookieValue(header: string | null, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return null;
}
