// getJson's bound over the whole answer (lib/client/cluster-query.ts, DOCUMENT_TIMEOUT_MS), over
// loopback HTTP: a server that stalls before its headers, or after its headers and part of its
// body, ends in an error naming the URL and the bound instead of a fetch that never settles.
import { describe, expect, it } from "vitest";

import { loopbackServers } from "@/tests/loopback-servers";

import { getJson, HttpError } from "./cluster-query";

const serve = loopbackServers();

describe("getJson", () => {
  it("returns the document of a complete answer", async () => {
    const base = await serve((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end('{"nodes":[]}'));
    await expect(getJson(`${base}/api/cluster?rows=table`, 300)).resolves.toEqual({ nodes: [] });
  });

  it("throws the server's own error with its status", async () => {
    const base = await serve((_req, res) => res.writeHead(404).end('{"error":"node \\"x\\" not found"}'));
    const err = await getJson(`${base}/api/nodes/x`, 300).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 404, message: 'node "x" not found' });
  });

  it("ends an answer whose headers never come, naming the URL and the bound", async () => {
    const base = await serve(() => {});
    const t0 = performance.now();
    await expect(getJson(`${base}/api/cluster?rows=table`, 300)).rejects.toThrow(
      `no complete answer from ${base}/api/cluster within 300 ms`,
    );
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it("ends an answer that stalls after its headers and part of its body, rather than returning what came", async () => {
    const base = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"nodes":[{"name":"node-a"}');
    });
    const t0 = performance.now();
    await expect(getJson(`${base}/api/cluster?rows=table`, 300)).rejects.toThrow(
      `no complete answer from ${base}/api/cluster within 300 ms`,
    );
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});
