import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { issueServing, makeCa } from "../sim/apiserver/certs";
import { installResponseCompression } from "./compress-responses";

const big = JSON.stringify({
  nodes: Array.from({ length: 2000 }, (_, i) => ({ name: `node-${i}`, ready: "True", margin: i * 1.5 })),
});
const handler: http.RequestListener = (req, res) => {
  const body = req.url === "/small" ? '{"ok":true}' : big;
  res.setHeader("Content-Type", "application/json");
  res.end(body);
};

interface Answer {
  encoding: string | undefined;
  vary: string | undefined;
  body: Buffer;
}

function get(port: number, path: string, acceptEncoding: string | null, tls?: { ca: string }): Promise<Answer> {
  const mod = tls ? https : http;
  const headers = acceptEncoding === null ? {} : { "accept-encoding": acceptEncoding };
  return new Promise((resolve, reject) => {
    const req = mod.get(
      { host: "127.0.0.1", port, path, headers, ca: tls?.ca, servername: tls ? "localhost" : undefined },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ encoding: res.headers["content-encoding"], vary: res.headers.vary, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on("error", reject);
  });
}

describe("response compression", () => {
  let plain: http.Server;
  let secure: https.Server;
  let ca: string;
  const port = (s: http.Server) => (s.address() as AddressInfo).port;

  beforeAll(async () => {
    installResponseCompression();
    installResponseCompression(); // idempotent: one layer, not two
    const authority = await makeCa();
    const serving = await issueServing(authority, "localhost", ["127.0.0.1"], ["localhost"]);
    ca = authority.cert;
    plain = http.createServer(handler);
    secure = https.createServer({ key: serving.key, cert: serving.cert }, handler);
    await Promise.all([plain, secure].map((s) => new Promise<void>((r) => s.listen(0, "127.0.0.1", r))));
  });
  afterAll(() => Promise.all([plain, secure].map((s) => new Promise((r) => s.close(r)))));

  it("sends brotli when accepted, else gzip, each decoding to the body once", async () => {
    const br = await get(port(plain), "/", "gzip, deflate, br");
    expect(br.encoding).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(big);
    const gz = await get(port(plain), "/", "gzip, deflate");
    expect(gz.encoding).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).toString()).toBe(big);
    expect(gz.body.length).toBeLessThan(big.length / 5);
    expect(gz.vary).toContain("Accept-Encoding");
  });

  it("sends identity when nothing is accepted and for bodies under the threshold", async () => {
    const none = await get(port(plain), "/", null);
    expect(none.encoding).toBeUndefined();
    expect(none.body.toString()).toBe(big);
    const small = await get(port(plain), "/small", "gzip");
    expect(small.encoding).toBeUndefined();
    expect(small.body.toString()).toBe('{"ok":true}');
  });

  it("leaves TLS servers alone (the demo's simulated API server and kubelets)", async () => {
    const r = await get(port(secure), "/", "gzip, br", { ca });
    expect(r.encoding).toBeUndefined();
    expect(r.body.toString()).toBe(big);
  });
});
