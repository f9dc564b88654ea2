import { createHash, timingSafeEqual } from "node:crypto";

// Requests between replicas carry the shared secret (HEADROOM_PEER_TOKEN_FILE) as a bearer
// token. Compared in constant time over SHA-256 digests, so neither the content nor the length of
// the secret leaks through timing.

const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();

/** Whether an Authorization header carries exactly the peer secret. */
export function peerAuthorized(header: string | null | undefined, secret: string): boolean {
  const m = /^Bearer ([\x21-\x7e]+)$/.exec(header ?? "");
  // Compare even when absent, so a missing header costs the same time as a wrong one.
  return timingSafeEqual(digest(m?.[1] ?? ""), digest(secret)) && !!m && secret.length > 0;
}
