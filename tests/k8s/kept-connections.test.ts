// KeptConnections against real servers on loopback: node's HTTPS server (Content-Length and
// chunked answers), TLS verified against a CA, connections kept and reused, an idle one the server
// closed, the deadline, the size cap, the pool's bound, and the error words http.ts uses.
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer as createHttpsServer, type Server } from "node:https";
import type { AddressInfo, Socket } from "node:net";
import { afterEach, beforeAll, describe, expect, it } from "vitest";

import { K8sError } from "@/lib/k8s/io/errors";
import { KeptConnections } from "@/lib/k8s/io/kept-connections";
import { issueServing, makeCa, type Pem } from "@/lib/sim/apiserver/certs";

let ca: Pem;
let serving: Pem;
const servers: Server[] = [];
const pools: KeptConnections[] = [];

beforeAll(async () => {
  ca = await makeCa();
  serving = await issueServing(ca, "127.0.0.1", ["127.0.0.1"], ["localhost"]);
});
afterEach(async () => {
  for (const p of pools.splice(0)) p.destroy();
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

/** An HTTPS server on loopback; counts the connections it accepted. */
async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createHttpsServer({ key: serving.key, cert: serving.cert }, handler);
  const sockets: Socket[] = [];
  server.on("secureConnection", (s) => sockets.push(s));
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: (path: string) => new URL(`https://127.0.0.1:${(server.address() as AddressInfo).port}${path}`), sockets };
}

function pool(options: ConstructorParameters<typeof KeptConnections>[0] = { ca: ca.cert }) {
  const p = new KeptConnections(options);
  pools.push(p);
  return p;
}

const opts = { headers: { Authorization: "Bearer t0ken" }, timeoutMs: 2000, resource: "kubelet summary", maxBytes: 1024 * 1024 };
const DOC = { node: { nodeName: "n1" }, pods: Array.from({ length: 2000 }, (_, i) => ({ name: `pod-${i}`, uid: `${i}` })) };

describe("KeptConnections", () => {
  it("reads Content-Length and chunked answers over verified TLS, one kept connection for many GETs", async () => {
    const seen: string[] = [];
    const s = await serve((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization} ${req.headers.accept} ${req.headers.host}`);
      const text = JSON.stringify(DOC);
      if (req.url === "/chunked") {
        // no length: node's server sends it chunked, in several writes
        res.write(text.slice(0, 1000));
        res.end(text.slice(1000));
      } else res.setHeader("Content-Length", Buffer.byteLength(text)).end(text);
    });
    const p = pool();
    for (const path of ["/stats/summary", "/chunked", "/stats/summary?x=1", "/chunked"])
      expect(await p.getJson(s.url(path), opts)).toStrictEqual(DOC);
    expect(s.sockets).toHaveLength(1);
    expect(seen[0]).toBe(`GET /stats/summary Bearer t0ken application/json ${s.url("/").host}`);
    expect(seen[2]).toMatch(/^GET \/stats\/summary\?x=1 /);
  });

  it("opens at most maxSockets connections; the requests past that wait for one", async () => {
    let inFlight = 0;
    let most = 0;
    const s = await serve((_req, res) => {
      most = Math.max(most, ++inFlight);
      setTimeout(() => {
        inFlight--;
        res.setHeader("Content-Length", 2).end("{}");
      }, 20);
    });
    const p = pool({ ca: ca.cert, maxSockets: 3 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => p.getJson(s.url("/"), opts)));
    expect(answers).toHaveLength(12);
    expect(most).toBe(3);
    expect(s.sockets).toHaveLength(3);
  });

  it("sends a GET again on a new connection when the server closed the kept one while it was idle", async () => {
    const s = await serve((_req, res) => res.setHeader("Content-Length", 2).end("{}"));
    const p = pool();
    await p.getJson(s.url("/"), opts);
    s.sockets[0]!.destroy();
    await new Promise((r) => setTimeout(r, 50));
    expect(await p.getJson(s.url("/"), opts)).toStrictEqual({});
    expect(s.sockets).toHaveLength(2);
  });

  it("sends a GET again when a reused connection ends before any byte of its answer, but only once", async () => {
    const served = new WeakSet<Socket>();
    let closedUnanswered = 0;
    const s = await serve((req, res) => {
      // a server that closes each connection's second request unanswered (its idle timer ran out as it arrived)
      if (served.has(req.socket)) {
        closedUnanswered++;
        return req.socket.destroy();
      }
      served.add(req.socket);
      res.setHeader("Content-Length", 2).end("{}");
    });
    const p = pool();
    await p.getJson(s.url("/"), opts);
    expect(await p.getJson(s.url("/"), opts)).toStrictEqual({});
    expect(closedUnanswered).toBe(1);
    expect(s.sockets).toHaveLength(2);
  });

  it("names the status of a non-2xx answer, invalid JSON, a cut-short answer and the size cap as http.ts does", async () => {
    const s = await serve((req, res) => {
      if (req.url === "/403")
        return res.writeHead(403, { "Content-Type": "application/json" }).end('{"message":"nodes/proxy is forbidden"}');
      if (req.url === "/garbled") return res.setHeader("Content-Length", 5).end("{oops");
      if (req.url === "/cut") {
        res.setHeader("Content-Length", 100).write("{");
        return setTimeout(() => res.socket?.destroy(), 20);
      }
      res.setHeader("Content-Length", 2 * 1024 * 1024).end(Buffer.alloc(2 * 1024 * 1024, 32));
    });
    const p = pool();
    await expect(p.getJson(s.url("/403"), opts)).rejects.toMatchObject({
      message: "403 Forbidden: nodes/proxy is forbidden",
      status: 403,
      kind: "http",
    });
    await expect(p.getJson(s.url("/garbled"), opts)).rejects.toThrow("bad data: kubelet summary is not valid JSON (5 bytes)");
    await expect(p.getJson(s.url("/cut"), opts)).rejects.toMatchObject({ message: "network error ECONNRESET", kind: "network" });
    await expect(p.getJson(s.url("/big"), opts)).rejects.toMatchObject({
      message: `bad data: kubelet summary larger than ${1024 * 1024} bytes`,
      kind: "bad-data",
    });
    // each failure dropped its connection; the pool still answers
    expect(await p.getJson(s.url("/403"), opts).catch((e: K8sError) => e.status)).toBe(403);
  });

  it("ends an exchange at its deadline, whatever part of it is slow", async () => {
    const s = await serve((req, res) => {
      res.writeHead(200, { "Content-Length": 10 });
      // a slow-loris trickle: one byte every 50 ms
      const t = setInterval(() => (res.writableEnded ? clearInterval(t) : res.write(" ")), 50);
      res.on("close", () => clearInterval(t));
    });
    const started = Date.now();
    await expect(pool().getJson(s.url("/"), { ...opts, timeoutMs: 300 })).rejects.toMatchObject({
      message: "timeout after 0.3s",
      kind: "timeout",
    });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("refuses a server its CA did not sign, and a header value that would start a field of its own", async () => {
    const other = await makeCa();
    const s = await serve((_req, res) => res.setHeader("Content-Length", 2).end("{}"));
    await expect(pool({ ca: other.cert }).getJson(s.url("/"), opts)).rejects.toMatchObject({ kind: "network" });
    await expect(
      pool().getJson(s.url("/"), { ...opts, headers: { Authorization: "Bearer x\r\nX-Injected: 1" } }),
    ).rejects.toMatchObject({ kind: "bad-data" });
  });

  it("fails the requests waiting for a connection when it is destroyed", async () => {
    const s = await serve((_req, res) => setTimeout(() => res.setHeader("Content-Length", 2).end("{}"), 200));
    const p = pool({ ca: ca.cert, maxSockets: 1 });
    const first = p.getJson(s.url("/"), opts);
    const waiting = p.getJson(s.url("/"), opts);
    await new Promise((r) => setTimeout(r, 50));
    p.destroy();
    await expect(waiting).rejects.toMatchObject({ kind: "network" });
    await first.catch(() => undefined);
  });
});
