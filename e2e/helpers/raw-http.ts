// Plain node:http requests for what Playwright's request fixture cannot send: any Host header,
// a raw request target ("*", "%FF"), a declared Content-Length with a shorter body, a chunked
// body streamed slice by slice.
import http from "node:http";

export interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
}

export interface RawRequest {
  port: number;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent as is (Content-Length set unless headers say otherwise). */
  body?: string | Buffer;
  /** Streamed chunked: `chunks` pieces of `chunkBytes` each, stopping when the server answers. */
  stream?: { chunks: number; chunkBytes: number; fill?: number };
  /** Sent after the headers, then the request is left open (declared size not reached). */
  partial?: Buffer;
}

/** Sends one request and resolves with the answer (the body up to 64 MiB) and how long it took. */
export function raw(o: RawRequest): Promise<RawReply & { sentBytes: number }> {
  const t0 = performance.now();
  let sentBytes = 0;
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `127.0.0.1:${o.port}`, ...o.headers };
    if (o.body !== undefined && !headers["content-length"]) headers["content-length"] = String(Buffer.byteLength(o.body));
    const req = http.request(
      { host: "127.0.0.1", port: o.port, method: o.method ?? "GET", path: o.path, headers, agent: false, setHost: false },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (c: Buffer) => {
          size += c.length;
          if (size <= 64 * 2 ** 20) chunks.push(c);
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
            ms: performance.now() - t0,
            sentBytes,
          }),
        );
        res.on("error", reject);
      },
    );
    let answered = false;
    // A server that answers and closes while the body is still being sent (a refusal before the
    // body is read) may cut the connection before the client reads the answer: status 0.
    req.on("error", (e: NodeJS.ErrnoException) => {
      if (answered) return;
      if ((o.stream || o.partial) && (e.code === "EPIPE" || e.code === "ECONNRESET"))
        resolve({ status: 0, headers: {}, body: e.code, ms: performance.now() - t0, sentBytes });
      else reject(e);
    });
    req.on("response", () => (answered = true));
    if (o.partial) {
      req.write(o.partial);
      sentBytes += o.partial.length;
      return;
    }
    if (o.stream) {
      const { chunks, chunkBytes, fill = 32 } = o.stream;
      const piece = Buffer.alloc(chunkBytes, fill);
      let n = 0;
      const pump = () => {
        while (n < chunks && !answered && !req.destroyed) {
          n++;
          sentBytes += piece.length;
          if (!req.write(piece)) return void req.once("drain", pump);
        }
        if (!req.destroyed) req.end();
      };
      pump();
      return;
    }
    if (o.body !== undefined) sentBytes += Buffer.byteLength(o.body);
    req.end(o.body);
  });
}
