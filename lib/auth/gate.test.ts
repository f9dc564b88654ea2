import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { parseServerConfig } from "@/lib/server/config";

import { createGate, crossSite, PEER_HEADER, safeNext } from "./gate";
import { issueSession, SESSION_COOKIE } from "./session";

const TOKEN = "0123456789abcdef0123";
const NOW = 1_800_000_000_000;

function gateFor(env: Record<string, string>) {
  const r = parseServerConfig({ HOSTNAME: "0.0.0.0", ...env });
  if (!r.success) throw new Error(r.errors.join("; "));
  return createGate(r.data, () => NOW);
}
const req = (path: string, headers: Record<string, string> = {}, method = "GET") => ({
  path,
  method,
  headers: new Headers(headers),
});

describe("token mode", () => {
  const gate = gateFor({ HEADROOM_AUTH_MODE: "token", HEADROOM_AUTH_TOKEN: TOKEN });
  it("keeps probes and the login flow open", () => {
    for (const p of ["/api/healthz", "/api/readyz", "/login", "/api/login"]) expect(gate(req(p)).action).toBe("allow");
  });
  it("sends browsers to /login and answers 401 to API clients", () => {
    expect(gate(req("/nodes/a", { accept: "text/html,*/*" }))).toEqual({ action: "login" });
    expect(gate(req("/api/cluster", { accept: "text/html" }))).toMatchObject({ action: "deny", status: 401 });
    expect(gate(req("/metrics"))).toMatchObject({ action: "deny", status: 401 });
  });
  it("accepts the bearer token and a valid session cookie", () => {
    expect(gate(req("/api/cluster", { authorization: `Bearer ${TOKEN}` }))).toEqual({ action: "allow", user: "token" });
    expect(gate(req("/api/cluster", { authorization: "Bearer wrong" }))).toMatchObject({ action: "deny", status: 401 });
    const cookie = `${SESSION_COOKIE}=${issueSession(TOKEN, NOW + 1000)}`;
    expect(gate(req("/", { cookie, accept: "text/html" }))).toEqual({ action: "allow", user: "session" });
    const expired = `${SESSION_COOKIE}=${issueSession(TOKEN, NOW - 1000)}`;
    expect(gate(req("/", { cookie: expired, accept: "text/html" }))).toEqual({ action: "login" });
  });
  it("opens /metrics only with HEADROOM_METRICS_PUBLIC=1", () => {
    expect(
      gateFor({ HEADROOM_AUTH_MODE: "token", HEADROOM_AUTH_TOKEN: TOKEN, HEADROOM_METRICS_PUBLIC: "1" })(req("/metrics")).action,
    ).toBe("allow");
  });
  it("leaves replica-to-replica routes to their own peer-secret check (lib/k8s/replicas), and only those", () => {
    expect(gate(req("/api/peer/part"))).toEqual({ action: "allow", user: null });
    expect(gate(req("/api/peers"))).toMatchObject({ action: "deny", status: 401 });
    expect(gate(req("/api/cluster"))).toMatchObject({ action: "deny", status: 401 });
  });
});

describe("trusted-header mode", () => {
  const gate = gateFor({ HEADROOM_AUTH_MODE: "trusted-header", HEADROOM_TRUSTED_PROXIES: "10.0.0.5" });
  it("takes the identity only from the proxy's address", () => {
    expect(gate(req("/", { [PEER_HEADER]: "10.0.0.5", "x-forwarded-user": "alice@example.com" }))).toEqual({
      action: "allow",
      user: "alice@example.com",
    });
    expect(gate(req("/", { [PEER_HEADER]: "::ffff:10.0.0.5", "x-forwarded-user": "alice" }))).toEqual({
      action: "allow",
      user: "alice",
    });
    expect(gate(req("/", { [PEER_HEADER]: "10.0.0.6", "x-forwarded-user": "alice" }))).toMatchObject({
      action: "deny",
      status: 403,
    });
    expect(gate(req("/", { "x-forwarded-user": "alice", "x-forwarded-for": "10.0.0.5" }))).toMatchObject({
      action: "deny",
      status: 403,
    });
  });
  it("refuses a missing or malformed identity", () => {
    expect(gate(req("/", { [PEER_HEADER]: "10.0.0.5" }))).toMatchObject({ action: "deny", status: 401 });
    expect(gate(req("/", { [PEER_HEADER]: "10.0.0.5", "x-forwarded-user": " " }))).toMatchObject({ action: "deny", status: 401 });
  });
  it("keeps probes open for the kubelet", () => {
    expect(gate(req("/api/readyz")).action).toBe("allow");
  });
});

describe("crossSite", () => {
  it("refuses writes from another origin", () => {
    expect(crossSite(req("/api/context", { origin: "https://evil.example", host: "headroom.example" }, "POST"), false)).toBe(
      true,
    );
    expect(crossSite(req("/api/context", { origin: "null", host: "headroom.example" }, "POST"), false)).toBe(true);
    expect(crossSite(req("/api/context", { origin: "https://headroom.example", host: "headroom.example" }, "POST"), false)).toBe(
      false,
    );
    expect(crossSite(req("/api/context", { host: "headroom.example" }, "POST"), false)).toBe(false);
    expect(crossSite(req("/", { origin: "https://evil.example", host: "headroom.example" }), false)).toBe(false);
    expect(crossSite(req("/api/login", { origin: "null", "sec-fetch-site": "same-origin" }, "POST"), false)).toBe(false);
    expect(crossSite(req("/api/login", { origin: "null", "sec-fetch-site": "cross-site" }, "POST"), false)).toBe(true);
    expect(crossSite(req("/api/login", { "sec-fetch-site": "same-site" }, "POST"), false)).toBe(true);
  });
  // Issue 29, item 5: Origin evil.example with a matching X-Forwarded-Host passed from any peer.
  it("believes X-Forwarded-Host only from a trusted proxy", () => {
    const forged = { origin: "http://evil.example", host: "headroom.example", "x-forwarded-host": "evil.example" };
    expect(crossSite(req("/api/context", forged, "POST"), false)).toBe(true);
    const proxied = { origin: "https://headroom.example", host: "headroom:3000", "x-forwarded-host": "headroom.example" };
    expect(crossSite(req("/api/context", proxied, "POST"), true)).toBe(false);
    expect(crossSite(req("/api/context", proxied, "POST"), false)).toBe(true);
  });
});

describe("safeNext", () => {
  it.each([
    ["/nodes/a?q=1", "/nodes/a?q=1"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example", "/"],
    [null, "/"],
    ["/a\nb", "/"],
    ["/€", "/%E2%82%AC"],
    ["/nodes/ü?q=é", "/nodes/%C3%BC?q=%C3%A9"],
    ["/a/../../b", "/b"],
    // Issue 29, item 1: resolving dot segments made these protocol-relative ("//evil.example").
    ["/..//evil.example", "/"],
    ["/.//evil.example", "/"],
    ["/a/..//evil.example/x?y#z", "/"],
    ["/%2e%2e//evil.example", "/"],
    ["/..\\/evil.example", "/"],
    ["/a/..\\\\evil.example", "/"],
    ["/\t/evil.example", "/"],
    ["/\u0000//evil.example", "/"],
    ["/..//", "/"],
    ["/nodes/..//", "/"],
  ])("%j → %j", (raw, want) => {
    expect(safeNext(raw)).toBe(want);
  });
});

describe("safeNext, over generated return paths", () => {
  // Pieces that change how a URL is resolved: dot segments, slashes and backslashes (raw and
  // percent-encoded), whitespace and control characters, schemes, user-info and host look-alikes.
  const piece = fc.constantFrom(
    ...["/", "//", "\\", "/\\", "\\/", "..", ".", "%2e", "%2E%2e", "%2f", "%2F", "%5c", "%5C", "%252f"],
    ...["\t", "\n", "\r", " ", "\u0000", "\u007f", "\u3000", "\uff0f", "\u2215"],
    ...["evil.example", "@", ":", "http:", "https:", "javascript:", "data:", "[::1]", "127.0.0.1"],
    ...["?", "#", "&", "=", "nodes", "a", "€", "%", "%zz", ";", "~"],
  );
  const next = fc.oneof(
    fc.array(piece, { maxLength: 10 }).map((p) => p.join("")),
    fc.array(piece, { maxLength: 10 }).map((p) => "/" + p.join("")),
    fc.string({ maxLength: 30 }).map((t) => "/" + t),
  );
  // Where a browser would go: the Location resolved against the login page of a real origin.
  const ORIGIN = "https://headroom.example:8443";

  it("always gives a path on this origin, fit for a Location header", () => {
    fc.assert(
      fc.property(next, (raw) => {
        const out = safeNext(raw);
        expect(out).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
        expect(new URL(out, `${ORIGIN}/login`).origin).toBe(ORIGIN);
        expect(safeNext(out)).toBe(out);
      }),
      { numRuns: 20_000 },
    );
  });
});
