import http from "node:http";
import https from "node:https";

import { httpError, K8sError } from "./errors";

// One small GET over node:http(s) used for API-server lists, node-proxy calls and direct kubelet
// calls: a deadline for the whole exchange, a size cap, and typed errors. We do not use the
// generated client here: its model deserialization of 150 000 pods costs more than the I/O.

export interface GetOptions {
  agent: http.Agent;
  headers: Record<string, string>;
  timeoutMs: number;
  /** What the request is for, in error messages ("pods", "kubelet summary"). */
  resource: string;
  maxBytes?: number;
  signal?: AbortSignal;
  /** Turns the body's text into its value (default JSON.parse; list-skip.ts builds only the items kept). */
  parse?: (text: string) => unknown;
}

const DEFAULT_MAX = 512 * 1024 * 1024;

class TimeoutError extends Error {
  override name = "TimeoutError";
}

// Receive buffers, reused. At 5 000 nodes the collector reads hundreds of kubelet answers a
// second; keeping each answer's socket chunks until the end (and then a concatenated copy) keeps
// off-heap buffers alive past young-generation collections, until a full GC. Copying each chunk
// into a reused buffer lets the chunks die young and keeps the body buffers to a handful (the
// resident-memory figures of scripts/bench-data.ts are in docs/benchmarks.md).
const SPARE_TOTAL_BYTES = 8 * 1024 * 1024;
const SPARE_MAX_BYTES = 2 * 1024 * 1024;
const FIRST_BYTES = 64 * 1024;
const spare: Buffer[] = [];
let spareBytes = 0;

class Body {
  private buf: Buffer;
  length = 0;

  /** `expected`: the declared Content-Length, trusted only up to SPARE_MAX_BYTES before data arrives. */
  constructor(expected: number) {
    const want = Math.min(expected, SPARE_MAX_BYTES);
    const i = spare.findIndex((b) => b.length >= want);
    if (i >= 0) {
      this.buf = spare.splice(i, 1)[0]!;
      spareBytes -= this.buf.length;
    } else this.buf = Buffer.allocUnsafeSlow(Math.max(FIRST_BYTES, want));
  }

  push(c: Buffer): void {
    if (this.length + c.length > this.buf.length) {
      const bigger = Buffer.allocUnsafeSlow(Math.max(this.buf.length * 2, this.length + c.length));
      this.buf.copy(bigger, 0, 0, this.length);
      this.release();
      this.buf = bigger;
    }
    c.copy(this.buf, this.length);
    this.length += c.length;
  }

  text(): string {
    return this.buf.toString("utf8", 0, this.length);
  }

  /** Hands the buffer back for the next request (the body must not be read after this). */
  release(): void {
    const b = this.buf;
    if (b.length > SPARE_MAX_BYTES || spareBytes + b.length > SPARE_TOTAL_BYTES || spare.includes(b)) return;
    spare.push(b);
    spareBytes += b.length;
  }
}

// GETs a URL; resolves with the parsed JSON of a 2xx answer.
function get(url: URL, opts: GetOptions): Promise<unknown> {
  const mod = url.protocol === "http:" ? http : https;
  const max = opts.maxBytes ?? DEFAULT_MAX;
  return new Promise((resolve, reject) => {
    const req = mod.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ""),
        port: url.port || undefined,
        path: url.pathname + url.search,
        method: "GET",
        agent: opts.agent,
        headers: { Accept: "application/json", ...opts.headers },
        signal: opts.signal,
      },
      (res) => {
        const declared = Number(res.headers["content-length"]);
        const body = new Body(Number.isFinite(declared) && declared > 0 && declared <= max ? declared : 0);
        let done = false;
        res.on("data", (c: Buffer) => {
          if (done) return;
          if (body.length + c.length > max) {
            done = true;
            body.release();
            req.destroy(new K8sError(`bad data: ${opts.resource} larger than ${max} bytes`, 0, opts.resource, "bad-data"));
          } else body.push(c);
        });
        res.on("error", fail);
        res.on("end", () => {
          clearTimeout(timer);
          if (done) return;
          done = true;
          const text = body.text();
          body.release();
          const status = res.statusCode ?? 0;
          if (status < 200 || status >= 300) return reject(httpError(status, opts.resource, text));
          // Parsed here, while the text is young: it never outlives this callback.
          try {
            resolve(opts.parse ? opts.parse(text) : JSON.parse(text));
          } catch {
            reject(
              new K8sError(`bad data: ${opts.resource} is not valid JSON (${text.length} bytes)`, 0, opts.resource, "bad-data"),
            );
          }
        });
      },
    );
    const timer = setTimeout(() => req.destroy(new TimeoutError(`timeout after ${opts.timeoutMs / 1000}s`)), opts.timeoutMs);
    function fail(e: Error) {
      clearTimeout(timer);
      if (e instanceof K8sError) return reject(e);
      if (e.name === "TimeoutError")
        return reject(new K8sError(`timeout after ${opts.timeoutMs / 1000}s`, 0, opts.resource, "timeout"));
      const code = (e as NodeJS.ErrnoException).code;
      reject(new K8sError(`network error ${code ?? e.message}`, 0, opts.resource, "network"));
    }
    req.on("error", fail);
    req.end();
  });
}

/**
 * GETs a URL and parses JSON; a body that is not JSON is a "bad data" K8sError. The result is
 * untyped on purpose: it becomes a wire type only through wire.ts's decodeWire or decodeWireList.
 */
export function getJson(url: URL, opts: GetOptions): Promise<unknown> {
  return get(url, opts);
}
