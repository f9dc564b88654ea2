import "server-only";
import http from "node:http";
import https from "node:https";
import { K8sError, httpError } from "./errors";

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
}

const DEFAULT_MAX = 512 * 1024 * 1024;

class TimeoutError extends Error {
  override name = "TimeoutError";
}

/** GETs a URL and returns the body text of a 2xx answer; throws K8sError otherwise. */
export function getText(url: URL, opts: GetOptions): Promise<string> {
  const mod = url.protocol === "http:" ? http : https;
  return new Promise((resolve, reject) => {
    const req = mod.request(
      { protocol: url.protocol, hostname: url.hostname.replace(/^\[|\]$/g, ""), port: url.port || undefined,
        path: url.pathname + url.search, method: "GET", agent: opts.agent,
        headers: { Accept: "application/json", ...opts.headers }, signal: opts.signal },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (c: Buffer) => {
          size += c.length;
          if (size > (opts.maxBytes ?? DEFAULT_MAX)) req.destroy(new K8sError(`bad data: ${opts.resource} larger than ${opts.maxBytes ?? DEFAULT_MAX} bytes`, 0, opts.resource, "bad-data"));
          else chunks.push(c);
        });
        res.on("error", fail);
        res.on("end", () => {
          clearTimeout(timer);
          const text = Buffer.concat(chunks).toString("utf8");
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve(text);
          else reject(httpError(status, opts.resource, text));
        });
      },
    );
    const timer = setTimeout(() => req.destroy(new TimeoutError(`timeout after ${opts.timeoutMs / 1000}s`)), opts.timeoutMs);
    function fail(e: Error) {
      clearTimeout(timer);
      if (e instanceof K8sError) return reject(e);
      if (e.name === "TimeoutError") return reject(new K8sError(`timeout after ${opts.timeoutMs / 1000}s`, 0, opts.resource, "timeout"));
      const code = (e as NodeJS.ErrnoException).code;
      reject(new K8sError(`network error ${code ?? e.message}`, 0, opts.resource, "network"));
    }
    req.on("error", fail);
    req.end();
  });
}

/** GETs a URL and parses JSON; a body that is not JSON is a "bad data" K8sError. */
export async function getJson<T>(url: URL, opts: GetOptions): Promise<T> {
  const text = await getText(url, opts);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new K8sError(`bad data: ${opts.resource} is not valid JSON (${text.length} bytes)`, 0, opts.resource, "bad-data");
  }
}
