// Slow clients (issue 29): slowloris headers and a body trickled a byte at a time are cut off
// with 408 (not "400 malformed HTTP") within the documented timeouts, while other clients are
// answered at once. Raw sockets on loopback against real Node servers: one with the front door
// installed as the server runs it (its real 10 s header timeout), one with short timeouts for the
// body (the mechanism is the same; the real 60 s would not fit a test).
import { createServer, type Server } from "node:http";
import { connect, type Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";

import { installFrontDoor, refuseMalformed } from "@/lib/http/front-door";
import { applyTimeouts, HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from "@/lib/http/slow-clients";
import { parseServerConfig } from "@/lib/server/config";

const listen = (server: Server) =>
  new Promise<number>((r) => server.listen(0, "127.0.0.1", () => r((server.address() as { port: number }).port)));

/** Opens a raw connection, sends `head`, then one byte of `drip` every `everyMs`; resolves with what the server wrote and when. */
function slowClient(port: number, head: string, everyMs: number): Promise<{ text: string; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const socket: Socket = connect(port, "127.0.0.1", () => socket.write(head));
    let text = "";
    const drip = setInterval(() => socket.writable && socket.write("a"), everyMs);
    socket.on("data", (d) => (text += String(d)));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(drip);
      resolve({ text, ms: performance.now() - t0 });
    });
  });
}

/** The longest a plain request waited while `work` ran (requests back to back). */
async function slowestWhile(port: number, work: Promise<unknown>): Promise<number> {
  let done = false;
  void work.finally(() => (done = true));
  let slowest = 0;
  while (!done) {
    const t0 = performance.now();
    await (await fetch(`http://127.0.0.1:${port}/api/healthz`)).text();
    slowest = Math.max(slowest, performance.now() - t0);
  }
  return slowest;
}

describe("slow clients", () => {
  const servers: Server[] = [];
  afterAll(() => servers.forEach((s) => s.close()));

  it("answers slowloris headers 408 within the header timeout, through the front door", async () => {
    const cfg = parseServerConfig({ HOSTNAME: "127.0.0.1" });
    if (!cfg.success) throw new Error(cfg.errors.join("; "));
    installFrontDoor(cfg.data);
    const server = createServer((_req, res) => res.end('{"status":"ok"}'));
    servers.push(server);
    const port = await listen(server);
    // The front door sets the timeouts at the server's first request.
    await (await fetch(`http://127.0.0.1:${port}/api/healthz`)).text();
    expect(server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    const loris = slowClient(port, `GET /api/healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: `, 500);
    const slowest = await slowestWhile(port, loris);
    const { text, ms } = await loris;
    expect(text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(text).toMatch(/X-Content-Type-Options: nosniff/i); // the security headers, like every answer
    expect(text).toContain('"error":"request: not received in time');
    expect(ms).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
    expect(ms).toBeLessThan(HEADERS_TIMEOUT_MS + 2_500);
    expect(slowest).toBeLessThan(200);
  }, 30_000);

  it("answers a body trickled a byte at a time 408 within the request timeout", async () => {
    const server = createServer((req, res) => {
      if (req.url === "/api/healthz") return void res.end('{"status":"ok"}');
      req.resume();
      req.on("end", () => res.end("read"));
    });
    servers.push(server);
    server.on("clientError", (e, socket) => refuseMalformed(e, socket, []));
    const port = await listen(server);
    // The front door installed above takes over any server at its first request (and sets the
    // real timeouts): shortened after that.
    await (await fetch(`http://127.0.0.1:${port}/api/healthz`)).text();
    applyTimeouts(server, { headersMs: 1_000, requestMs: 2_000, keepAliveMs: 5_000, idleMs: 120_000 });
    const head = `POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n`;
    const trickle = slowClient(port, head, 200);
    const slowest = await slowestWhile(port, trickle);
    const { text, ms } = await trickle;
    expect(text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(ms).toBeGreaterThanOrEqual(2_000 - 50);
    expect(ms).toBeLessThan(4_500);
    expect(slowest).toBeLessThan(200);
  }, 30_000);
});
