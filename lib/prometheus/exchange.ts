// One exchange with the Prometheus HTTP API, run in the answer thread (answer-thread.ts): POST the
// query, read the answer up to its size cap within the deadline, decode it (decode.ts). Nothing of
// a 16 MiB answer touches the main thread: it receives the typed arrays, or why there are none.
// Imports nothing server-only, so the thread can load it.
import { readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";

import { decodeBytes, SeriesCounter, tooManySeries, type AnswerType, type Decoded, type DecodeLimits } from "./decode";

type ExchangeErrorKind = "timeout" | "unreachable" | "http" | "bad-answer";

export interface ExchangeRequest {
  url: string;
  /** The form, already encoded. */
  body: string;
  /** Sent as is (the bearer token read by the caller: a rotated file is read on each request). */
  headers: Record<string, string>;
  caFile?: string;
  timeoutMs: number;
  maxBytes: number;
  type: AnswerType;
  limits: DecodeLimits;
}

export type ExchangeResult = { ok: true; data: Decoded } | { ok: false; kind: ExchangeErrorKind; message: string };

class Failure extends Error {
  constructor(
    message: string,
    readonly kind: ExchangeErrorKind,
  ) {
    super(message);
  }
}

const cas = new Map<string, Buffer>();
function caFor(file: string | undefined): Buffer | undefined {
  if (!file) return undefined;
  if (!cas.has(file)) cas.set(file, readFileSync(file));
  return cas.get(file);
}

/** The answer's bytes, or a Failure saying why there are none. */
function receive(r: ExchangeRequest): Promise<Buffer> {
  const url = new URL(r.url);
  const lib = url.protocol === "https:" ? https : http;
  const timeout = () => new Failure(`timeout after ${r.timeoutMs / 1000}s`, "timeout");
  return new Promise<Buffer>((resolve, reject) => {
    const req = lib.request(url, { method: "POST", headers: r.headers, ca: caFor(r.caFile), timeout: r.timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      const series = new SeriesCounter();
      let size = 0;
      res.on("data", (c: Buffer) => {
        size += c.length;
        if (size > r.maxBytes) req.destroy(new Failure(`answer larger than ${r.maxBytes >> 20} MiB`, "bad-answer"));
        // Stop reading as soon as the answer is known to be past the cap.
        else if (series.add(c) > r.limits.maxSeries) req.destroy(new Failure(tooManySeries(null, r.limits), "bad-answer"));
        else chunks.push(c);
      });
      res.on("end", () => {
        const bytes = Buffer.concat(chunks);
        if ((res.statusCode ?? 0) >= 400) {
          const detail = /"error":"([^"]{0,200})/.exec(bytes.subarray(0, 64 * 1024).toString("utf8"))?.[1] ?? "";
          reject(new Failure(`HTTP ${res.statusCode}${detail ? `: ${detail}` : ""}`, "http"));
        } else resolve(bytes);
      });
      res.on("error", reject);
    });
    // The deadline covers the whole exchange, a slow body included.
    const deadline = setTimeout(() => req.destroy(timeout()), r.timeoutMs);
    req.on("close", () => clearTimeout(deadline));
    req.on("timeout", () => req.destroy(timeout()));
    req.on("error", (e) =>
      reject(
        e instanceof Failure ? e : new Failure(`unreachable: ${(e as NodeJS.ErrnoException).code ?? e.message}`, "unreachable"),
      ),
    );
    req.end(r.body);
  });
}

/** Asks and decodes; never throws. */
export async function exchange(r: ExchangeRequest): Promise<ExchangeResult> {
  let bytes: Buffer;
  try {
    bytes = await receive(r);
  } catch (e) {
    return e instanceof Failure
      ? { ok: false, kind: e.kind, message: e.message }
      : { ok: false, kind: "unreachable", message: `unreachable: ${(e as Error).message}` };
  }
  const d = decodeBytes(bytes, r.type, r.limits);
  return d.ok ? d : { ok: false, kind: "bad-answer", message: d.message };
}
