import http from "node:http";
import https from "node:https";

import { BodyBuffer } from "./body-buffer";
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

/**
 * A finished answer's value: the parsed body of a 2xx, else the status as a K8sError; a body that
 * does not parse is "bad data". Both HTTP clients (this one and kept-connections.ts) end here.
 */
export function answerOf(status: number, text: string, resource: string, parse: (text: string) => unknown = JSON.parse): unknown {
  if (status < 200 || status >= 300) throw httpError(status, resource, text);
  try {
    return parse(text);
  } catch {
    throw new K8sError(`bad data: ${resource} is not valid JSON (${text.length} bytes)`, 0, resource, "bad-data");
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
        const body = new BodyBuffer(Number.isFinite(declared) && declared > 0 && declared <= max ? declared : 0);
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
          // Parsed here, while the text is young: it never outlives this callback.
          try {
            resolve(answerOf(res.statusCode ?? 0, text, opts.resource, opts.parse));
          } catch (e) {
            reject(e);
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
