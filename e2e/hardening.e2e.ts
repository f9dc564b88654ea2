import { connect } from "node:net";
import { expect, test } from "@playwright/test";

import { PORT } from "./constants";
import { bigJson, bigYaml } from "./helpers/big-documents";
import { raw } from "./helpers/raw-http";

// Issue 14 against the real server (auth mode "none"): hostile targets, DNS rebinding, headers on
// every response, bodies up to the cap analysed whole and never truncated, and the event loop
// kept free while a large document is analysed.

const MiB = 2 ** 20;
const SECURITY = [
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "permissions-policy",
  "cross-origin-opener-policy",
];
const expectSecurityHeaders = (h: Record<string, unknown>, what: string) => {
  for (const k of SECURITY) expect(h[k], `${k} on ${what}`).toBeTruthy();
};

test("undecodable targets answer 400 with the security headers, never 500", async () => {
  for (const path of ["/api/nodes/%FF", "/nodes/%E0%A4%A", "/%", "/a%", "/nodes/%C0", "*", "/_next/static/../api/cluster"]) {
    const r = await raw({ port: PORT, path });
    expect(r.status, path).toBe(400);
    expect(JSON.parse(r.body).error).toMatch(/^request target: /);
    expectSecurityHeaders(r.headers, path);
  }
});

test("malformed HTTP is answered 400 with the security headers too", async () => {
  const answer = await new Promise<string>((resolve) => {
    const socket = connect(PORT, "127.0.0.1", () => socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header Line\r\n\r\n"));
    let text = "";
    socket.on("data", (d) => (text += d));
    socket.on("close", () => resolve(text));
  });
  expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
  expect(answer).toMatch(/\r\nContent-Security-Policy: default-src 'none'/);
  expect(answer).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/);
});

test("a rebinding Host or a foreign Origin is refused (421, 403); loopback names are answered", async () => {
  expect((await raw({ port: PORT, path: "/api/cluster", headers: { host: `attacker.example:${PORT}` } })).status).toBe(421);
  const post = await raw({
    port: PORT,
    method: "POST",
    path: "/api/context",
    headers: { host: `attacker.example:${PORT}`, origin: `http://attacker.example:${PORT}`, "content-type": "application/json" },
    body: '{"context":"x"}',
  });
  expect(post.status).toBe(421);
  expect((await raw({ port: PORT, path: "/api/cluster", headers: { origin: "http://attacker.example" } })).status).toBe(403);
  for (const host of [`localhost:${PORT}`, `127.0.0.1:${PORT}`])
    expect((await raw({ port: PORT, path: "/api/healthz", headers: { host } })).status).toBe(200);
  expect((await raw({ port: PORT, path: "/api/readyz", headers: { host: `10.9.8.7:${PORT}` } })).status).toBeLessThan(600);
});

test("every response carries the security headers; API answers are never cached", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const chunk = /\/_next\/static\/[^"]+\.js/.exec(html)![0];
  for (const path of [chunk, "/favicon.ico", "/no-such-page", "/api/nodes/NOT_A_NAME", "/api/healthz"]) {
    const r = await raw({ port: PORT, path });
    expectSecurityHeaders(r.headers, path);
  }
  const node = (await (await request.get("/api/cluster")).json()).nodes[0].name as string;
  for (const [method, path, body] of [
    ["GET", "/api/cluster"],
    ["GET", `/api/nodes/${node}`],
    ["GET", "/api/context"],
    ["GET", "/metrics"],
    ["POST", "/api/analyze", "{}"],
    ["GET", "/api/readyz"],
  ] as const) {
    const r = await raw({
      port: PORT,
      method,
      path,
      body,
      headers: method === "POST" ? { "sec-fetch-site": "same-origin" } : {},
    });
    expect(r.headers["cache-control"], path).toBe("no-store");
    expectSecurityHeaders(r.headers, path);
  }
  expect((await raw({ port: PORT, path: chunk })).headers["cache-control"]).toMatch(/immutable/);
});

test("readiness says how each informer and the API server are doing", async ({ request }) => {
  const ready = await (await request.get("/api/readyz")).json();
  expect(ready.apiServer).toEqual({ reachable: true, error: null });
  for (const i of ready.informers)
    expect(Object.keys(i)).toEqual(["resource", "synced", "watching", "error", "lastError", "lastErrorAt"]);
  expect((await (await request.get("/api/cluster")).json()).cluster.apiServer).toEqual({ reachable: true, error: null });
});

test.describe("bodies up to 32 MiB are analysed whole", () => {
  test.setTimeout(120_000);
  for (const size of [10.1 * MiB, 31 * MiB]) {
    test(`a valid ${(size / MiB).toFixed(1)} MiB JSON document`, async () => {
      const r = await raw({ port: PORT, method: "POST", path: "/api/analyze", body: bigJson(size, 40) });
      expect(r.status, r.body.slice(0, 200)).toBe(200);
      expect(JSON.parse(r.body).pods).toHaveLength(40);
    });
  }

  test("past the cap: 413 at once when declared, 413 while streaming when chunked", async () => {
    const declared = await raw({
      port: PORT,
      method: "POST",
      path: "/api/analyze",
      headers: { "content-length": String(33 * MiB) },
      partial: Buffer.from("{"),
    });
    expect(declared.status).toBe(413);
    expect(declared.ms).toBeLessThan(2000);
    const chunked = await raw({
      port: PORT,
      method: "POST",
      path: "/api/analyze",
      headers: { "transfer-encoding": "chunked" },
      stream: { chunks: 50, chunkBytes: MiB },
    });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body).error).toBe(`body: larger than ${32 * MiB} bytes`);
    expect(chunked.sentBytes).toBeLessThan(45 * MiB);
  });

  test("a YAML document of 60 000 pods (17 MB) is refused whole (413), never half-analysed", async () => {
    const r = await raw({ port: PORT, method: "POST", path: "/api/analyze", body: bigYaml(60_000) });
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body).error).toMatch(/^body: YAML larger than 8388608 bytes/);
  });

  test("a large YAML document is analysed in full while /api/healthz keeps answering", async () => {
    const analysis = raw({ port: PORT, method: "POST", path: "/api/analyze", body: bigYaml(5000) });
    let done = false;
    void analysis.finally(() => (done = true));
    const latencies: number[] = [];
    while (!done) {
      latencies.push((await raw({ port: PORT, path: "/api/healthz" })).ms);
      await new Promise((r) => setTimeout(r, 100));
    }
    const r = await analysis;
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body).pods).toHaveLength(5000);
    expect(latencies.length).toBeGreaterThan(3);
    expect(Math.max(...latencies)).toBeLessThan(1500);
  });
});
