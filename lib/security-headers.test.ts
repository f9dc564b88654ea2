import { describe, expect, it } from "vitest";
import { framePolicy, securityHeaders } from "./security-headers";

describe("framePolicy", () => {
  it("defaults to same origin only", () => {
    expect(framePolicy(undefined)).toEqual({ frameAncestors: "'self'", invalid: [] });
  });
  it("adds listed origins", () => {
    expect(framePolicy("https://portal.example.com, http://127.0.0.1:4000").frameAncestors).toBe("'self' https://portal.example.com http://127.0.0.1:4000");
  });
  it.each(["*", "https://a.example.com/path", "javascript:alert(1)", "https://a.example.com; script-src *", "https://user:pw@a.example.com", "portal.example.com"])("refuses %s", (bad) => {
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
