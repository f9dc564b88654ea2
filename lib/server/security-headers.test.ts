import { describe, expect, it } from "vitest";

import { contentSecurityPolicy, framePolicy, newNonce, securityHeaders } from "./security-headers";

describe("framePolicy", () => {
  it("defaults to same origin only", () => {
    expect(framePolicy(undefined)).toEqual({ frameAncestors: "'self'", invalid: [] });
  });
  it("adds listed origins", () => {
    expect(framePolicy("https://portal.example.com, http://127.0.0.1:4000").frameAncestors).toBe(
      "'self' https://portal.example.com http://127.0.0.1:4000",
    );
  });
  it.each([
    "*",
    "https://a.example.com/path",
    "javascript:alert(1)",
    "https://a.example.com; script-src *",
    "https://user:pw@a.example.com",
    "portal.example.com",
  ])("refuses %s", (bad) => {
    const p = framePolicy(bad);
    expect(p.frameAncestors).toBe("'self'");
    expect(p.invalid.length).toBeGreaterThan(0);
  });
});

describe("securityHeaders", () => {
  it("sends X-Frame-Options only without an allowlist", () => {
    expect(securityHeaders(framePolicy(undefined))["X-Frame-Options"]).toBe("SAMEORIGIN");
    const h = securityHeaders(framePolicy("https://portal.example.com"));
    expect(h["X-Frame-Options"]).toBeUndefined();
    expect(h["Content-Security-Policy"]).toContain("frame-ancestors 'self' https://portal.example.com;");
  });
});

describe("contentSecurityPolicy", () => {
  const csp = contentSecurityPolicy(framePolicy("https://portal.example.com"), "abc123==");
  it("allows scripts only with the nonce and never inline", () => {
    expect(csp).toContain("script-src 'self' 'nonce-abc123==' 'strict-dynamic';");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).not.toContain("unsafe-eval");
    expect(contentSecurityPolicy(framePolicy(undefined), "n", true)).toContain("'unsafe-eval'");
  });
  it("allows inline style attributes but not style elements", () => {
    expect(csp).toContain("style-src 'self' 'nonce-abc123=='; style-src-attr 'unsafe-inline'");
  });
  it("carries the embed allowlist and the usual lockdowns", () => {
    expect(csp).toContain("frame-ancestors 'self' https://portal.example.com");
    for (const d of ["object-src 'none'", "base-uri 'self'", "form-action 'self'", "default-src 'self'"])
      expect(csp).toContain(d);
  });
  it("uses a fresh nonce each time", () => {
    expect(newNonce()).not.toBe(newNonce());
    expect(newNonce()).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});
