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
    if (!url || !/^https?:\/\/[A-Za-z0-9.\-[\]:]+\/?$/.test(raw) || !/^https?:$/.test(url.protocol) || url.origin !== raw.replace(/\/$/, "") || url.username || url.password) invalid.push(raw);
    else if (!sources.includes(url.origin)) sources.push(url.origin);
  }
  return { frameAncestors: sources.join(" "), invalid };
}

/** Returns the security headers sent with every page and API response. */
export function securityHeaders(policy: FramePolicy): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": `frame-ancestors ${policy.frameAncestors}; object-src 'none'; base-uri 'self'`,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  };
  // Old browsers ignore frame-ancestors; X-Frame-Options can only say "same origin", so send it only then.
  if (policy.frameAncestors === "'self'") headers["X-Frame-Options"] = "SAMEORIGIN";
  return headers;
}
