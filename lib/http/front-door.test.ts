// The front door's decisions (issue 14, items 4-6), taken on the Node request before Next runs.
import { describe, expect, it } from "vitest";

import { hostName, parseAllowedHosts } from "@/lib/auth/hosts";
import { parseServerConfig } from "@/lib/server/config";

import { frontDoor } from "./front-door";
import { targetProblem } from "./request-target";

const TOKEN = "0123456789abcdef0123";
function doorFor(env: Record<string, string>) {
  const r = parseServerConfig(env);
  if (!r.success) throw new Error(r.errors.join("; "));
  return frontDoor(r.data);
}
const req = (url: string, headers: Record<string, string> = {}, method = "GET") => ({
  url,
  method,
  headers: { host: "127.0.0.1:3000", ...headers },
});

describe("request targets", () => {
  it.each([
    "/api/nodes/%FF",
    "/nodes/%E0%A4%A",
    "/%",
    "/a%",
    "*",
    "/_next/static/../api/cluster",
    "/_next/static/%2e%2e/api/cluster",
    "/a\\b",
    "//evil.example/x",
    "/nodes/a?q=%",
  ])("refuses %s", (url) => {
    expect(targetProblem(url)).toMatch(/^request target: /);
  });
  it.each([
    "/",
    "/nodes/ip-10-0-0-1.ec2.internal",
    "/api/nodes/a%20b",
    "/login?next=%2F%E2%82%AC",
    "/_next/static/chunks/a-1.js",
  ])("accepts %s", (url) => {
    expect(targetProblem(url)).toBeNull();
  });
});

describe("Host allowlist (DNS rebinding)", () => {
  const none = doorFor({ HOSTNAME: "127.0.0.1" });
  it("answers loopback names and the bound address in auth mode none", () => {
    for (const host of ["127.0.0.1:3000", "localhost:3000", "LOCALHOST", "[::1]:3000", "headroom.localhost:3000"])
      expect(none(req("/api/cluster", { host }))).toBeNull();
  });
  it("refuses any other Host with 421, and a foreign Origin with 403", () => {
    expect(none(req("/api/cluster", { host: "attacker.example:3000" }))).toMatchObject({ status: 421 });
    expect(none(req("/api/cluster", { host: "127.0.0.1.attacker.example" }))).toMatchObject({ status: 421 });
    expect(none(req("/api/cluster", { host: "" }))).toMatchObject({ status: 421 });
    expect(none(req("/api/context", { origin: "http://attacker.example:3000", "content-length": "20" }, "POST"))).toMatchObject({
      status: 403,
    });
    expect(
      none(
        req("/api/context", { origin: "http://127.0.0.1:3000", "sec-fetch-site": "same-origin", "content-length": "20" }, "POST"),
      ),
    ).toBeNull();
  });
  it("keeps the probes open whatever the Host (the kubelet sends the pod IP)", () => {
    expect(none(req("/api/healthz", { host: "10.1.2.3:3000" }))).toBeNull();
  });
  it("adds HEADROOM_ALLOWED_HOSTS, and enforces the list in other modes only when it is set", () => {
    const token = { HOSTNAME: "0.0.0.0", HEADROOM_AUTH_MODE: "token", HEADROOM_AUTH_TOKEN: TOKEN };
    const auth = { authorization: `Bearer ${TOKEN}` };
    expect(doorFor(token)(req("/api/cluster", { ...auth, host: "headroom.example.com" }))).toBeNull();
    const listed = doorFor({ ...token, HEADROOM_ALLOWED_HOSTS: "headroom.example.com" });
    expect(listed(req("/api/cluster", { ...auth, host: "headroom.example.com" }))).toBeNull();
    expect(listed(req("/api/cluster", { ...auth, host: "other.example.com" }))).toMatchObject({ status: 421 });
  });
  it("validates HEADROOM_ALLOWED_HOSTS at start-up", () => {
    expect(parseAllowedHosts("a.example, 10.0.0.1 [::1]")).toEqual({ hosts: ["a.example", "10.0.0.1", "::1"], invalid: [] });
    expect(parseAllowedHosts("http://a.example a.example:443 *.example").invalid).toEqual([
      "http://a.example",
      "a.example:443",
      "*.example",
    ]);
    const r = parseServerConfig({ HOSTNAME: "127.0.0.1", HEADROOM_ALLOWED_HOSTS: "https://x" });
    expect(r.success ? [] : r.errors).toEqual([
      "HEADROOM_ALLOWED_HOSTS: not host names or addresses (no port, no scheme): https://x",
    ]);
    expect(hostName("[::1]:3000")).toBe("::1");
  });
});

describe("authentication and bodies, before any byte of the body is read", () => {
  const token = doorFor({ HOSTNAME: "0.0.0.0", HEADROOM_AUTH_MODE: "token", HEADROOM_AUTH_TOKEN: TOKEN });
  it("answers 401 to an unauthenticated POST that declares 10 MiB", () => {
    expect(token(req("/api/analyze", { "content-length": String(10 * 2 ** 20) }, "POST"))).toMatchObject({ status: 401 });
  });
  it("refuses a declared size past the route's cap (413) and a body where none is taken", () => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    expect(token(req("/api/analyze", { ...auth, "content-length": String(32 * 2 ** 20 + 1) }, "POST"))).toMatchObject({
      status: 413,
    });
    expect(token(req("/api/analyze", { ...auth, "content-length": String(32 * 2 ** 20) }, "POST"))).toBeNull();
    expect(token(req("/api/analyze", { ...auth, "transfer-encoding": "chunked" }, "POST"))).toBeNull();
    expect(token(req("/api/context", { ...auth, "content-length": "5000" }, "POST"))).toMatchObject({ status: 413 });
    expect(token(req("/", { ...auth, "transfer-encoding": "chunked" }, "POST"))).toMatchObject({ status: 413 });
    expect(token(req("/api/cluster", { ...auth, "content-length": "10" }))).toMatchObject({ status: 413 });
  });
  it("puts /_next/image behind authentication and keeps Next's static files and the favicon open", () => {
    expect(token(req("/_next/image?url=%2Ffavicon.ico&w=64&q=75"))).toMatchObject({ status: 401 });
    expect(token(req("/_next/static/chunks/a.js"))).toBeNull();
    expect(token(req("/favicon.ico"))).toBeNull();
  });
  it("sends a browser to /login with the page to come back to", () => {
    expect(token(req("/nodes/a?q=1", { accept: "text/html" }))).toEqual({
      status: 303,
      location: "/login?next=%2Fnodes%2Fa%3Fq%3D1",
    });
  });
});
