// A peer that answers its rows' headers, sends part of its body and then stalls (its process busy,
// its socket still open) must not hold the merged /api/cluster answer open: the peer request's
// bound (peer-ask.ts: AbortSignal.timeout over the whole fetch) runs over the body too, so the
// merge ends with the rows that came and the rest as owner unreachable. Everything over loopback
// HTTP, as in production: the peer's answer gzip-compressed and flushed slice by slice (Next's
// writer flushes the compression middleware after each write), the merged answer streamed in
// slices (sliceStream) through the same compression middleware, read by a client asking for br.
// The cases the stream tests had not covered: tests/replicas/fleet-stream.test.ts's "hung" peer
// never sends headers, and its "drop" peer closes its connection.
import { request } from "node:http";
import { pipeline, Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import zlib from "node:zlib";
import compression from "compression";
import { describe, expect, it } from "vitest";

import type { ClusterOverview } from "@/lib/contract/dto";
import { sliceStream } from "@/lib/http/slice-stream";
import { loopbackServers } from "@/tests/loopback-servers";

import { envelopeOf, rowHead } from "../peer/part-fixtures";
import { askPeerStream } from "../peer/peer-ask";
import type { OverviewPart } from "../peer/peer-rows";
import { mergeParts, type PartsContext } from "./fleet-parts";
import { StreamedSource, wholeSource, type PartSource } from "./part-source";

const BOUND_MS = 500;
const TOKEN = "stalled-peer-secret-0123456789";

const node = (name: string) => ({
  metadata: { name, labels: {} },
  spec: {},
  status: { capacity: { memory: "1" }, allocatable: { memory: "1" }, conditions: [] },
});
// ours: node-a, node-c; the peer's: node-b, node-d, node-e (it sends node-b, then stalls)
const NAMES = ["node-a", "node-b", "node-c", "node-d", "node-e"];
const OURS = new Set(["node-a", "node-c"]);
const ctx = {
  cache: { nodes: { store: new Map(NAMES.map((n) => [n, node(n)])) }, leases: { store: new Map() }, now: () => 0 },
  identity: "r-0",
  peers: [{ identity: "r-1", seenAt: 0 }],
  members: ["r-0", "r-1"],
  ownerOf: (n: string) => (OURS.has(n) ? "r-0" : "r-1"),
  now: () => 0,
} as unknown as PartsContext;
const local: OverviewPart = { env: envelopeOf(2), rows: [...OURS].map((n) => ({ name: n, head: rowHead(n, "r-0"), extra: "" })) };

const compress = compression({ level: 1, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } } });
const serve = loopbackServers();

/** The peer: 200, its envelope and node-b's row, gzip-flushed onto the wire, then nothing more. */
const stallingPeer = () =>
  serve((req, res) => {
    expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
    res.writeHead(200, { "content-type": "text/plain; charset=utf-8", "content-encoding": "gzip" });
    const gz = zlib.createGzip({ level: 1 });
    gz.pipe(res);
    gz.write(`${JSON.stringify(envelopeOf(3))}\nnode-b\t${rowHead("node-b", "r-1")}\t\n`);
    gz.flush();
  });

/** The merged answer as the route streams it, through the compression middleware. */
const mergingReplica = (peerUrl: string) =>
  serve((req, res) => {
    compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => {});
    res.writeHead(200, { "content-type": "application/json" });
    async function* merged() {
      const a = await askPeerStream({ identity: "r-1", peerUrl, seenAt: 0 } as never, "rows?rows=table", TOKEN, BOUND_MS);
      const peer: PartSource = "body" in a ? new StreamedSource(a.identity, a.body, BOUND_MS) : wholeSource(a.identity, a);
      yield* mergeParts(ctx, local, [peer], true);
    }
    // as Next's writer does (pipe-readable.ts), a failure after the headers destroys the answer
    pipeline(Readable.fromWeb(sliceStream(merged()) as WebReadableStream<Uint8Array>), res, () => {});
  });

/** GET with `accept-encoding: br`, as a browser asks; resolves with the document, or "open" if it has not ended after `ms`. */
function getMerged(url: string, ms: number): Promise<{ status: number; doc?: ClusterOverview; open?: true; took: number }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/cluster?rows=table`, { headers: { "accept-encoding": "br" } }, (res) => {
      const body = res.headers["content-encoding"] === "br" ? res.pipe(zlib.createBrotliDecompress()) : res;
      const chunks: Buffer[] = [];
      const timer = setTimeout(() => {
        req.destroy();
        resolve({ status: res.statusCode!, open: true, took: performance.now() - t0 });
      }, ms);
      body.on("data", (c: Buffer) => chunks.push(c));
      body.on("end", () => {
        clearTimeout(timer);
        const doc = JSON.parse(Buffer.concat(chunks).toString()) as ClusterOverview;
        resolve({ status: res.statusCode!, doc, took: performance.now() - t0 });
      });
      body.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("a peer whose rows stall after its headers and part of its body", () => {
  it("does not hold the merged answer open: it ends within the bound, the rows that came kept", async () => {
    const replica = await mergingReplica(await stallingPeer());
    const got = await getMerged(replica, BOUND_MS + 3000);
    expect(got.status).toBe(200);
    expect(got.open, "the merged answer never ended").toBeUndefined();
    expect(got.took).toBeLessThan(BOUND_MS + 1500);
    const doc = got.doc!;
    expect(doc.nodes.map((n) => [n.name, n.owner, n.ownerUnreachable ?? null])).toEqual([
      ["node-a", "r-0", null],
      ["node-b", "r-1", null],
      ["node-c", "r-0", null],
      ["node-d", "r-1", `owner unreachable: replica r-1, Lease last renewed 0 s ago (no answer within ${BOUND_MS} ms)`],
      ["node-e", "r-1", `owner unreachable: replica r-1, Lease last renewed 0 s ago (no answer within ${BOUND_MS} ms)`],
    ]);
    expect(doc.cluster).toMatchObject({ ready: false, nodesTotal: 5, replicas: { unreachable: ["r-1"] } });
  }, 10_000);
});
