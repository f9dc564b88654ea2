import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Duplex } from "node:stream";
import type { TLSSocket } from "node:tls";
import zlib from "node:zlib";
import compression from "compression";

// Headroom compresses its own responses instead of Next (next.config.js: compress: false). Next
// gzips every response at level 6, static chunks included, again on each request: on a busy
// 2-core server with 5 000 nodes' collection running, that put ~500 ms on the critical path of a
// cold fleet overview (the 9.5 MB /api/cluster document above all). Level 1 gzip or brotli
// quality 1 costs a quarter of the CPU and still shrinks that document ~85x.
//
// Next gives no hook before its handlers, so the layer goes in where the auth peer stamp does:
// Node publishes each request on "http.server.request.start" before the server's request
// listeners run, and the `compression` middleware (the same package Next uses) only patches the
// response's write/end. TLS connections are left alone: Headroom serves plain HTTP behind its TLS
// terminator, and in demo mode the simulated API server and kubelets (HTTPS) share the process.

const KEY = Symbol.for("headroom.response-compression");
const g = globalThis as unknown as Record<symbol, boolean>;

// The compression middleware with the levels above.
const compressResponse = compression({
  level: 1,
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
});

// When a client goes away mid-response the middleware never ends its zlib stream, which then
// outlives the response; Next releases it the same way (release-compression-stream.ts).
const noop = () => {};
function releaseOnClose(res: ServerResponse): void {
  res.once("close", () => {
    if (res.writableFinished) return;
    const stream = res.on("drain", noop) as unknown;
    if (stream === res || !(stream instanceof Duplex)) {
      res.off("drain", noop);
      return;
    }
    stream.destroy();
  });
}

/** Compresses the responses of every plain-HTTP server in this process (idempotent). */
export function installResponseCompression(): void {
  if (g[KEY]) return;
  g[KEY] = true;
  subscribe("http.server.request.start", (message) => {
    const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
    if ((request.socket as TLSSocket | undefined)?.encrypted) return;
    compressResponse(request as Parameters<typeof compressResponse>[0], response as Parameters<typeof compressResponse>[1], noop);
    releaseOnClose(response);
  });
}
