import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";

import { E2E_TOKEN, TOKEN_PORT, TOKEN_SERVER_LOG } from "./constants";
import { raw } from "./helpers/raw-http";

// Issue 14 in token mode: authentication is decided before a byte of the body is read, Next's
// image optimizer is behind it too, non-ASCII return paths survive the login, and the log is JSON.

const MiB = 2 ** 20;
const AUTH = { authorization: `Bearer ${E2E_TOKEN}` };

/** The token server's RSS from /metrics, read after the route's 1 s reuse of its last answer (app/metrics/route.ts). */
async function rssBytes(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const text = (await raw({ port: TOKEN_PORT, path: "/metrics", headers: AUTH })).body;
  return Number(/^process_resident_memory_bytes (\d+)/m.exec(text)![1]);
}

test("an unauthenticated POST declaring 10 MiB gets 401 at once, not after its body", async () => {
  const r = await raw({
    port: TOKEN_PORT,
    method: "POST",
    path: "/api/analyze",
    headers: { "content-length": String(10 * MiB) },
    partial: Buffer.alloc(1024, 32),
  });
  expect(r.status).toBe(401);
  expect(r.ms).toBeLessThan(2000);
  expect(r.headers["www-authenticate"]).toBe('Bearer realm="headroom"');
  expect(r.headers["content-security-policy"]).toBeTruthy();
});

test("60 concurrent unauthenticated 9 MiB uploads leave memory where it was", async () => {
  test.setTimeout(120_000);
  const round = async () => {
    const replies = await Promise.all(
      Array.from({ length: 60 }, () =>
        raw({
          port: TOKEN_PORT,
          method: "POST",
          path: "/api/analyze",
          headers: { "transfer-encoding": "chunked" },
          stream: { chunks: 9, chunkBytes: MiB },
        }),
      ),
    );
    // Refused before the body is read, and every client reads the 401: the server's close lingers
    // (lib/http/lingering-close.ts) instead of resetting a client that is still sending.
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 401));
  };
  const before = await rssBytes();
  await round();
  const first = await rssBytes();
  // Buffering the bodies would hold 540 MiB. Reading and dropping them grows the process's buffers
  // once, on its first such burst (sockets read at once, malloc's arenas): 40 MiB here, 72 MiB once
  // in CI, over the single 64 MiB bound this test had.
  expect(first - before).toBeLessThan(160 * MiB);
  await round();
  // A second round reuses those buffers: whatever a refused upload leaves behind shows here.
  expect((await rssBytes()) - first).toBeLessThan(64 * MiB);
});

test("Next's image optimizer needs credentials like everything else", async () => {
  expect((await raw({ port: TOKEN_PORT, path: "/_next/image?url=%2Ffavicon.ico&w=64&q=75" })).status).toBe(401);
  expect((await raw({ port: TOKEN_PORT, path: "/favicon.ico" })).status).toBe(200);
});

test("signing in with next=/€ comes back to /€ (percent-encoded), not a 500", async () => {
  const body = new URLSearchParams({ token: E2E_TOKEN, next: "/€" }).toString();
  const r = await raw({
    port: TOKEN_PORT,
    method: "POST",
    path: "/api/login",
    headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
    body,
  });
  expect(r.status).toBe(303);
  expect(r.headers.location).toBe("/%E2%82%AC");
});

test("undecodable targets are 400 before authentication, and every server log line is one JSON object", async () => {
  expect((await raw({ port: TOKEN_PORT, path: "/a%" })).status).toBe(400);
  const lines = readFileSync(TOKEN_SERVER_LOG, "utf8").split("\n").filter(Boolean);
  // Lines before the server's first are the build's (when `npm start` had to build); from Next's
  // start-up banner on, everything the server prints is JSON.
  const first = lines.findIndex((l) => l.startsWith("{"));
  expect(lines[first]).toMatch(/"msg":"Next\.js \d/);
  for (const l of lines.slice(first)) expect(() => JSON.parse(l), l).not.toThrow();
  expect(lines.slice(first).some((l) => /"msg":"Ready in /.test(l))).toBe(true);
});
