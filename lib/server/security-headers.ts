import "server-only";

// Response headers for every page: who may frame Headroom (embed mode) and the usual hardening.

export interface FramePolicy {
  /** The CSP frame-ancestors source list. */
  frameAncestors: string;
  /** Entries of HEADROOM_EMBED_ORIGINS that are not origins and were left out. */
  invalid: string[];
}

/** Parses HEADROOM_EMBED_ORIGINS (comma or space separated origins) into a frame-ancestors list; default same origin only. */
export function framePolicy(env: string | undefined): FramePolicy {
  const sources = ["'self'"];
  const invalid: string[] = [];
  for (const raw of (env ?? "").split(/[\s,]+/).filter(Boolean)) {
    const url = URL.canParse(raw) ? new URL(raw) : null;
    // Only bare http(s) origins: a path, query or wildcard would be a CSP injection or a mistake.
    if (
      !url ||
      !/^https?:\/\/[A-Za-z0-9.\-[\]:]+\/?$/.test(raw) ||
      !/^https?:$/.test(url.protocol) ||
      url.origin !== raw.replace(/\/$/, "") ||
      url.username ||
      url.password
    )
      invalid.push(raw);
    else if (!sources.includes(url.origin)) sources.push(url.origin);
  }
  return { frameAncestors: sources.join(" "), invalid };
}

/**
 * Builds the Content-Security-Policy for one response. Scripts run only with this request's nonce
 * (Next.js stamps it on its own scripts when it finds it in the request's CSP header), plus what
 * those scripts load ('strict-dynamic'). `<style>` elements need the nonce too; style *attributes*
 * are allowed ('unsafe-inline' on style-src-attr only) because React renders inline widths and
 * transforms (capacity bars, the virtualized table, recharts) as style attributes: an attribute
 * cannot hold a selector or load anything (img/font/connect stay 'self'), so it cannot run script
 * or exfiltrate data, while a nonce cannot be put on an attribute. Dev adds 'unsafe-eval' (React's
 * dev error overlay needs it) and websockets for hot reload.
 */
export function contentSecurityPolicy(policy: FramePolicy, nonce: string, dev = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${policy.frameAncestors}`,
  ].join("; ");
}

/** A fresh, unguessable nonce for one response (128 random bits, base64). */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** Returns the security headers sent with every page and API response (CSP from contentSecurityPolicy, or a fixed one without a nonce). */
export function securityHeaders(
  policy: FramePolicy,
  csp = `default-src 'none'; frame-ancestors ${policy.frameAncestors}; object-src 'none'; base-uri 'none'`,
): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  // Old browsers ignore frame-ancestors; X-Frame-Options can only say "same origin", so send it only then.
  if (policy.frameAncestors === "'self'") headers["X-Frame-Options"] = "SAMEORIGIN";
  return headers;
}
