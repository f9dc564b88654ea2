// A refused upload's answer must reach a client that is still writing its body (the flaky
// "60 concurrent 9 MiB uploads" e2e test saw resets instead of 401s): lingering-close.ts.
import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";

import { lingerOnClose } from "./lingering-close";

const KiB = 1024;
const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** A server that refuses every request as the front door does: 401 and "Connection: close", body unread. */
async function refusingServer(linger?: { ms: number; maxBytes?: number }): Promise<number> {
  const server = http.createServer((req, res) => {
    if (linger) lingerOnClose(res.socket as net.Socket, linger.ms, linger.maxBytes);
    res.setHeader("Connection", "close");
    res.writeHead(401, { "Content-Type": "application/json" }).end('{"error":"no"}');
    req.resume();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as net.AddressInfo).port;
}

interface Upload {
  answer: string;
  error?: string;
  /** ms from the answer's arrival to the server's close (FIN or reset), if it came. */
  closedAfterMs?: number;
}

/**
 * An upload that keeps writing after the answer has arrived, as a browser or curl does while its
 * request body is still being sent: `afterMs` more of 64 KiB chunks every 10 ms, then it ends its side
 * (or never, with `neverEnd`). Half-open: the server's FIN does not end its side, as a browser still sending does not.
 */
function upload(port: number, afterMs: number, neverEnd = false): Promise<Upload> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1", allowHalfOpen: true });
    const chunk = Buffer.alloc(64 * KiB, 0x61);
    const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
    const out: Upload = { answer: "" };
    let answeredAt = 0;
    let writer: NodeJS.Timeout | undefined;
    socket.write("POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n");
    socket.write(frame);
    socket.on("data", (b) => {
      out.answer += b.toString("latin1");
      if (answeredAt || !out.answer.includes('{"error":"no"}')) return;
      answeredAt = Date.now();
      const until = answeredAt + afterMs;
      writer = setInterval(() => {
        if (socket.destroyed) return clearInterval(writer);
        if (Date.now() < until || neverEnd) return void socket.write(frame);
        clearInterval(writer);
        socket.end();
      }, 10);
    });
    socket.on("error", (err: NodeJS.ErrnoException) => (out.error = err.code ?? err.message));
    socket.on("close", () => {
      clearInterval(writer);
      if (answeredAt) out.closedAfterMs = Date.now() - answeredAt;
      resolve(out);
    });
  });
}

describe("lingering close of a refused upload", () => {
  it("without it, a client still writing after the answer is reset (the failure this prevents)", async () => {
    const port = await refusingServer();
    const r = await upload(port, 300);
    expect(r.answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(r.error).toMatch(/ECONNRESET|EPIPE/);
  });

  it("with it, the client writes on unharmed, reads the whole 401, and the server closes once the client ends", async () => {
    const port = await refusingServer({ ms: 2_000 });
    const results = await Promise.all(Array.from({ length: 5 }, () => upload(port, 300)));
    for (const r of results) {
      expect(r.error).toBeUndefined();
      expect(r.answer).toMatch(/^HTTP\/1\.1 401 /);
      expect(r.answer).toContain("Connection: close");
      expect(r.closedAfterMs).toBeGreaterThanOrEqual(290);
      expect(r.closedAfterMs).toBeLessThan(1_500);
    }
  });

  it("closes a client that never stops writing once the time bound passes", async () => {
    const port = await refusingServer({ ms: 400 });
    const r = await upload(port, 0, true);
    expect(r.answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(r.closedAfterMs).toBeGreaterThanOrEqual(300);
    expect(r.closedAfterMs).toBeLessThan(1_500);
  });

  it("closes once it has read its byte bound, before the time bound", async () => {
    const port = await refusingServer({ ms: 10_000, maxBytes: 512 * KiB });
    const r = await upload(port, 0, true);
    expect(r.answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(r.closedAfterMs).toBeLessThan(2_000);
  });
});
