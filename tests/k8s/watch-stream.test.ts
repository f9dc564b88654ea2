// openWatch (lib/k8s/io/watch-stream.ts) against TLS servers on loopback that write the answer's
// bytes themselves, so each framing case is what the wire carries: events split anywhere (a chunk's
// size line, a CRLF, a character's UTF-8 bytes), error answers, a stream cut or silent, an abort,
// and what the request itself says. The reflector's behaviour over it against the simulated API
// server is in faults, readiness and relist; the one ordering it depends on is tested last.
import type { AddressInfo } from "node:net";
import tls from "node:tls";
import { afterEach, beforeAll, describe, expect, it } from "vitest";

import { ClusterClient, loadKubeConfig } from "@/lib/k8s/io/client";
import { K8sError } from "@/lib/k8s/io/errors";
import { Reflector } from "@/lib/k8s/io/informers";
import { openWatch } from "@/lib/k8s/io/watch-stream";
import { issueServing, makeCa, type Pem } from "@/lib/sim/apiserver/certs";

let ca: Pem;
let serving: Pem;
const servers: tls.Server[] = [];

beforeAll(async () => {
  ca = await makeCa();
  serving = await issueServing(ca, "127.0.0.1", ["127.0.0.1"], ["localhost"]);
});
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

/** A TLS server that reads each request's head and hands the socket to `respond` to write raw bytes. */
async function rawServer(respond: (socket: tls.TLSSocket, head: string) => void, cert: Pem = serving) {
  const heads: string[] = [];
  const server = tls.createServer({ key: cert.key, cert: cert.cert }, (socket) => {
    let got = "";
    const onData = (d: Buffer) => {
      got += d.toString("latin1");
      const end = got.indexOf("\r\n\r\n");
      if (end < 0) return;
      socket.off("data", onData);
      heads.push(got.slice(0, end));
      respond(socket, got.slice(0, end));
    };
    socket.on("data", onData).on("error", () => {});
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return { url: (path: string) => new URL(`https://127.0.0.1:${port}${path}`), heads, port };
}

const OK_HEAD = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n";
const chunk = (text: string) => {
  const b = Buffer.from(text);
  return Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from("\r\n")]);
};
const LAST = Buffer.from("0\r\n\r\n");

type Outcome = { opened: boolean; events: [string, unknown][]; err: Error | null };

/** Watches `url` until `done`; `onEvent` may act on the handle (abort). */
function watch(url: URL, o: { idleTimeoutMs?: number; headers?: Record<string, string>; abortAfter?: number } = {}) {
  return new Promise<Outcome>((resolve) => {
    const out: Outcome = { opened: false, events: [], err: null };
    const handle = openWatch(
      { url, tls: { ca: ca.cert }, headers: o.headers ?? {}, resource: "leases", idleTimeoutMs: o.idleTimeoutMs ?? 10_000 },
      {
        opened: () => (out.opened = true),
        onEvent: (type, object) => {
          out.events.push([type, object]);
          if (o.abortAfter === out.events.length) handle.abort();
        },
        done: (err) => resolve({ ...out, err }),
      },
    );
  });
}

const events = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    type: i % 3 === 2 ? "BOOKMARK" : "MODIFIED",
    // a character of two, three and four UTF-8 bytes in each, to be split across pieces
    object: { metadata: { name: `n-${i}-é€😀`, resourceVersion: String(100 + i) } },
  }));

/** Writes `bytes` in pieces of the given sizes, one write per macrotask, then ends the socket. */
async function writeInPieces(socket: tls.TLSSocket, bytes: Buffer, sizes: number[]) {
  let at = 0;
  for (let i = 0; at < bytes.length; i++) {
    const n = Math.max(1, sizes[i % sizes.length]!);
    socket.write(bytes.subarray(at, at + n));
    at += n;
    await new Promise((r) => setTimeout(r, 1));
  }
  socket.end();
}

describe("openWatch", () => {
  it.each([
    { name: "one byte at a time", sizes: [1] },
    { name: "pieces of 2, 3, 5 and 7 bytes", sizes: [2, 3, 5, 7] },
    { name: "pieces that end inside a chunk's size line and its CRLF", sizes: [OK_HEAD.length + 1, 1, 13, 2, 1, 40] },
  ])(
    "delivers the same events whatever pieces the bytes arrive in: $name",
    async ({ sizes }) => {
      const sent = events(6);
      // two events in one chunk, one split across two chunks, the rest one a chunk
      const lines = sent.map((e) => `${JSON.stringify(e)}\n`);
      const half = Math.floor(lines[2]!.length / 2);
      const body = [lines[0]! + lines[1]!, lines[2]!.slice(0, half), lines[2]!.slice(half), ...lines.slice(3)];
      const wire = Buffer.concat([Buffer.from(OK_HEAD), ...body.map(chunk), LAST]);
      const { url } = await rawServer((s) => void writeInPieces(s, wire, sizes));
      const out = await watch(url("/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases?watch=true"));
      expect(out.err).toBeNull();
      expect(out.opened).toBe(true);
      expect(out.events).toEqual(sent.map((e) => [e.type, e.object]));
    },
    30_000,
  );

  it("says what a request sends: the path and query, Host, Accept and the credentials' headers", async () => {
    const { url, heads, port } = await rawServer((s) => s.end(Buffer.concat([Buffer.from(OK_HEAD), LAST])));
    const out = await watch(url("/api/v1/pods?watch=true&resourceVersion=42&allowWatchBookmarks=true"), {
      headers: { Authorization: "Bearer abc.def" },
    });
    expect(out.err).toBeNull();
    expect(out.events).toEqual([]);
    const [line, ...fields] = heads[0]!.split("\r\n");
    expect(line).toBe("GET /api/v1/pods?watch=true&resourceVersion=42&allowWatchBookmarks=true HTTP/1.1");
    expect(fields).toEqual(
      expect.arrayContaining([`Host: 127.0.0.1:${port}`, "Accept: application/json", "Authorization: Bearer abc.def"]),
    );
  });

  it("refuses a header that would start a field of its own, before connecting", async () => {
    const { url, heads } = await rawServer((s) => s.end());
    const out = await watch(url("/api/v1/pods?watch=true"), { headers: { Authorization: "Bearer x\r\nX-Evil: 1" } });
    expect(out.err).toBeInstanceOf(K8sError);
    expect((out.err as K8sError).kind).toBe("bad-data");
    expect(out.err!.message).toMatch(/header "Authorization" is not a valid HTTP field/);
    expect(out.opened).toBe(false);
    await new Promise((r) => setTimeout(r, 100));
    expect(heads).toEqual([]);
  });

  it.each([
    { status: 403, reason: "Forbidden", message: 'leases is forbidden: User "x" cannot watch resource "leases"' },
    { status: 410, reason: "Gone", message: "too old resource version: 1 (200)" },
    { status: 429, reason: "Too Many Requests", message: "storage is (re)initializing" },
  ])("ends with the K8sError of a $status answer, its message from the Status body", async ({ status, reason, message }) => {
    const body = JSON.stringify({ kind: "Status", apiVersion: "v1", status: "Failure", message, code: status });
    const { url } = await rawServer((s) =>
      s.end(
        `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      ),
    );
    const out = await watch(url("/apis/coordination.k8s.io/v1/leases?watch=true"));
    expect(out.opened).toBe(false);
    expect(out.events).toEqual([]);
    expect(out.err).toBeInstanceOf(K8sError);
    expect((out.err as K8sError).status).toBe(status);
    expect(out.err!.message).toBe(`${status} ${reason}: ${message}`);
  });

  it("gives a line that is not a JSON event as type '' and goes on with the next", async () => {
    const good = { type: "ADDED", object: { metadata: { name: "a" } } };
    const body = ["{not json\n", '"a string"\n', '{"object":{}}\n', `${JSON.stringify(good)}\n`].map(chunk);
    const { url } = await rawServer((s) => s.end(Buffer.concat([Buffer.from(OK_HEAD), ...body, LAST])));
    const out = await watch(url("/api/v1/pods?watch=true"));
    expect(out.err).toBeNull();
    expect(out.events).toEqual([
      ["", undefined],
      ["", undefined],
      ["", undefined],
      ["ADDED", good.object],
    ]);
  });

  it("delivers a last line the server ended without a newline", async () => {
    const e = { type: "DELETED", object: { metadata: { name: "z" } } };
    const { url } = await rawServer((s) => s.end(Buffer.concat([Buffer.from(OK_HEAD), chunk(JSON.stringify(e)), LAST])));
    const out = await watch(url("/api/v1/pods?watch=true"));
    expect(out).toEqual({ opened: true, events: [["DELETED", e.object]], err: null });
  });

  it("ends with 'terminated' when the connection is cut mid-stream, after the events before the cut", async () => {
    const e = { type: "MODIFIED", object: { metadata: { name: "a" } } };
    const { url } = await rawServer((s) => {
      s.write(Buffer.concat([Buffer.from(OK_HEAD), chunk(`${JSON.stringify(e)}\n`), Buffer.from('40\r\n{"type"')]));
      setTimeout(() => s.destroy(), 50);
    });
    const out = await watch(url("/api/v1/pods?watch=true"));
    expect(out.events).toEqual([["MODIFIED", e.object]]);
    expect(out.err?.message).toMatch(/^terminated/);
  });

  it("ends with a network K8sError when the API server cannot be reached", async () => {
    const { url, port } = await rawServer((s) => s.end());
    await new Promise((r) => servers.pop()!.close(r));
    const out = await watch(url("/api/v1/pods?watch=true"));
    expect(out.err).toBeInstanceOf(K8sError);
    expect((out.err as K8sError).kind).toBe("network");
    expect(out.err!.message).toBe("network error ECONNREFUSED");
    expect(port).toBeGreaterThan(0);
  });

  it("ends a silent watch with a TimeoutError, and a watch that is not verified as its CA says with a network error", async () => {
    const { url } = await rawServer((s) => s.write(OK_HEAD));
    const t0 = Date.now();
    const out = await watch(url("/api/v1/pods?watch=true"), { idleTimeoutMs: 300 });
    expect(out.opened).toBe(true);
    expect(out.err?.name).toBe("TimeoutError");
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);

    const other = await makeCa();
    const refused = await new Promise<Error | null>((resolve) =>
      openWatch(
        { url: url("/api/v1/pods?watch=true"), tls: { ca: other.cert }, headers: {}, resource: "pods", idleTimeoutMs: 5000 },
        { opened: () => {}, onEvent: () => {}, done: resolve },
      ),
    );
    expect(refused).toBeInstanceOf(K8sError);
    expect(refused!.message).toMatch(/^network error /);
  });

  it("delivers nothing after abort(), and says AbortError", async () => {
    const sent = events(5).map((e) => `${JSON.stringify(e)}\n`);
    const { url } = await rawServer((s) => s.write(Buffer.concat([Buffer.from(OK_HEAD), chunk(sent.join(""))])));
    const out = await watch(url("/api/v1/pods?watch=true"), { abortAfter: 2 });
    expect(out.events).toHaveLength(2);
    expect(out.err?.name).toBe("AbortError");
  });
});

const kubeconfigFor = (port: number, tlsServerName?: string) => `apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: "https://127.0.0.1:${port}", certificate-authority-data: "${Buffer.from(ca.cert).toString("base64")}"${tlsServerName ? `, tls-server-name: ${tlsServerName}` : ""}}}]
users: [{name: u, user: {token: t}}]
contexts: [{name: x, context: {cluster: c, user: u}}]
current-context: x
`;

describe("ClusterClient and the kubeconfig's tls-server-name", () => {
  it("checks the API server's certificate against tls-server-name, for lists and watches alike", async () => {
    // a certificate for a name only, served at an address: as behind a load balancer's IP
    const named = await issueServing(ca, "kube.internal", [], ["kube.internal"]);
    const list = JSON.stringify({ kind: "LeaseList", metadata: { resourceVersion: "1" }, items: [] });
    const { port } = await rawServer((s, head) => {
      if (!head.includes("watch=true"))
        return s.end(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${list.length}\r\n\r\n${list}`);
      s.end(
        Buffer.concat([
          Buffer.from(OK_HEAD),
          chunk(`${JSON.stringify({ type: "ADDED", object: { metadata: { name: "a" } } })}\n`),
          LAST,
        ]),
      );
    }, named);
    const attempt = async (tlsServerName?: string) => {
      const client = new ClusterClient(loadKubeConfig({ kind: "text", yaml: kubeconfigFor(port, tlsServerName) }));
      try {
        const listed = await client.get("/apis/coordination.k8s.io/v1/leases", "leases").then(
          () => "listed",
          (e: Error) => e.message,
        );
        const watched = await new Promise<string>((resolve) => {
          const seen: string[] = [];
          void client.watch(
            "/apis/coordination.k8s.io/v1/leases",
            {},
            { resource: "leases", idleTimeoutMs: 5000 },
            {
              opened: () => {},
              onEvent: (type) => seen.push(type),
              done: (err) => resolve(err ? err.message : seen.join(",")),
            },
          );
        });
        return { listed, watched };
      } finally {
        client.close();
      }
    };
    expect(await attempt("kube.internal")).toEqual({ listed: "listed", watched: "ADDED" });
    const without = await attempt();
    expect(without.listed).toMatch(/^network error ERR_TLS_CERT_ALTNAME_INVALID/);
    expect(without.watched).toMatch(/^network error ERR_TLS_CERT_ALTNAME_INVALID/);
  });
});

describe("a Reflector on openWatch", () => {
  it("relists on a 410 ERROR event that arrives in the same bytes as the answer's head", async () => {
    let lists = 0;
    let watches = 0;
    const item = (rv: number) => ({ metadata: { name: "l1", namespace: "ns", resourceVersion: String(rv) } });
    const { port } = await rawServer((s, head) => {
      const path = head.split(" ")[1]!;
      if (!path.includes("watch=true")) {
        lists++;
        const body = JSON.stringify({
          kind: "LeaseList",
          metadata: { resourceVersion: String(10 * lists) },
          items: [item(10 * lists)],
        });
        return s.end(
          `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        );
      }
      watches++;
      // The first watch: 410 in the head's own write, the connection left open as a proxy might.
      // The second: one change, then held open.
      const event =
        watches === 1
          ? {
              type: "ERROR",
              object: { kind: "Status", status: "Failure", message: "too old resource version", reason: "Expired", code: 410 },
            }
          : { type: "MODIFIED", object: item(25) };
      s.write(Buffer.concat([Buffer.from(OK_HEAD), chunk(`${JSON.stringify(event)}\n`)]));
    });
    const client = new ClusterClient(loadKubeConfig({ kind: "text", yaml: kubeconfigFor(port) }));
    const seen: string[] = [];
    const r = new Reflector<{ rv: string }>({
      client,
      path: "/apis/coordination.k8s.io/v1/leases",
      resource: "leases",
      trim: (l) => ({ rv: l.metadata?.resourceVersion ?? "" }),
      onChange: (_k, obj) => seen.push(obj?.rv ?? "gone"),
      random: () => 0.5,
    });
    r.start();
    try {
      for (let i = 0; i < 100 && !seen.includes("25"); i++) await new Promise((res) => setTimeout(res, 50));
      // listed, the first watch expired at once and was ended, listed again, then the change
      expect(lists).toBe(2);
      expect(watches).toBe(2);
      expect(seen).toEqual(["10", "20", "25"]);
      expect(r.status.watching).toBe(true);
      expect(r.status.error).toBeNull();
    } finally {
      r.stop();
      client.close();
    }
  });
});
