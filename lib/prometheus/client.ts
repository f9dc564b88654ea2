import "server-only";

import { readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";

import type { PrometheusSettings } from "./settings";

// A small Prometheus HTTP API client (query and query_range), for Headroom's own series. Any
// server speaking that API works: Prometheus, Thanos Query, Mimir, VictoriaMetrics. Bounded: a
// deadline per request and a cap on the answer's size, so a slow or huge answer cannot hold a page.

const MAX_BODY_BYTES = 16 << 20;

export class PrometheusError extends Error {
  constructor(
    message: string,
    readonly kind: "timeout" | "unreachable" | "http" | "bad-answer",
  ) {
    super(message);
  }
}

export interface RangeSeries {
  metric: Record<string, string>;
  /** [unix seconds, value]; NaN and ±Inf as numbers. */
  values: [number, number][];
}

export interface InstantSample {
  metric: Record<string, string>;
  value: number;
}

const cas = new Map<string, Buffer>();
function caFor(file: string | undefined): Buffer | undefined {
  if (!file) return undefined;
  if (!cas.has(file)) cas.set(file, readFileSync(file));
  return cas.get(file);
}

/** POSTs a form to the API (no URL-length limit on long selectors) and returns `data`. */
async function call(s: PrometheusSettings, path: string, form: Record<string, string>): Promise<unknown> {
  const url = new URL(s.url + path);
  const body = new URLSearchParams(form).toString();
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
    "content-length": String(Buffer.byteLength(body)),
    accept: "application/json",
  };
  // Read on each request: a projected service-account token is rotated in place.
  if (s.bearerTokenFile) headers.authorization = `Bearer ${readFileSync(s.bearerTokenFile, "utf8").trim()}`;
  const lib = url.protocol === "https:" ? https : http;
  const text = await new Promise<string>((resolve, reject) => {
    const req = lib.request(url, { method: "POST", headers, ca: caFor(s.caFile), timeout: s.timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (c: Buffer) => {
        size += c.length;
        if (size > MAX_BODY_BYTES)
          req.destroy(new PrometheusError(`answer larger than ${MAX_BODY_BYTES >> 20} MiB`, "bad-answer"));
        else chunks.push(c);
      });
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        if ((res.statusCode ?? 0) >= 400) {
          const detail = /"error":"([^"]{0,200})/.exec(text)?.[1] ?? "";
          reject(new PrometheusError(`HTTP ${res.statusCode}${detail ? `: ${detail}` : ""}`, "http"));
        } else resolve(text);
      });
      res.on("error", reject);
    });
    // The deadline covers the whole exchange, a slow body included.
    const deadline = setTimeout(
      () => req.destroy(new PrometheusError(`timeout after ${s.timeoutMs / 1000}s`, "timeout")),
      s.timeoutMs,
    );
    req.on("close", () => clearTimeout(deadline));
    req.on("timeout", () => req.destroy(new PrometheusError(`timeout after ${s.timeoutMs / 1000}s`, "timeout")));
    req.on("error", (e) =>
      reject(
        e instanceof PrometheusError
          ? e
          : new PrometheusError(`unreachable: ${(e as NodeJS.ErrnoException).code ?? e.message}`, "unreachable"),
      ),
    );
    req.end(body);
  });
  let doc: { status?: string; data?: unknown; error?: string };
  try {
    doc = JSON.parse(text);
  } catch {
    throw new PrometheusError("answer is not JSON", "bad-answer");
  }
  if (doc.status !== "success")
    throw new PrometheusError(`query failed: ${String(doc.error ?? doc.status).slice(0, 200)}`, "bad-answer");
  return doc.data;
}

const num = (v: unknown) => (typeof v === "string" ? Number(v === "+Inf" ? Infinity : v === "-Inf" ? -Infinity : v) : Number.NaN);

function resultOf(
  data: unknown,
  type: "matrix" | "vector",
): { metric?: Record<string, string>; values?: unknown[]; value?: unknown }[] {
  const d = data as { resultType?: string; result?: unknown };
  if (d?.resultType !== type || !Array.isArray(d.result))
    throw new PrometheusError(`expected a ${type}, got ${String(d?.resultType)}`, "bad-answer");
  return d.result as { metric?: Record<string, string> }[];
}

/** GET-equivalent of /api/v1/query_range: every series with its [t, value] points. */
export async function queryRange(
  s: PrometheusSettings,
  query: string,
  start: number,
  end: number,
  step: number,
): Promise<RangeSeries[]> {
  const data = await call(s, "/api/v1/query_range", {
    query,
    start: String(start),
    end: String(end),
    step: String(step),
    timeout: `${s.timeoutMs / 1000}s`,
  });
  return resultOf(data, "matrix").map((r) => ({
    metric: r.metric ?? {},
    values: (Array.isArray(r.values) ? r.values : []).map(
      (p) => [Number((p as unknown[])[0]), num((p as unknown[])[1])] as [number, number],
    ),
  }));
}

/** /api/v1/query at `time` (default: the server's now). */
export async function queryInstant(s: PrometheusSettings, query: string, time?: number): Promise<InstantSample[]> {
  const data = await call(s, "/api/v1/query", {
    query,
    ...(time === undefined ? {} : { time: String(time) }),
    timeout: `${s.timeoutMs / 1000}s`,
  });
  return resultOf(data, "vector").map((r) => ({ metric: r.metric ?? {}, value: num((r.value as unknown[] | undefined)?.[1]) }));
}

/** A label value quoted for PromQL. */
export function promString(v: string): string {
  return JSON.stringify(v);
}

/**
 * How much a counter grew over `window` (a PromQL duration), its first value included when the
 * series is new in that window: a label set's first eviction makes a series at 1, which increase()
 * cannot see (it needs two samples). The HeadroomEvictionsObserved alert uses the same expression.
 */
export function counterGrowth(selector: string, window: string): string {
  return `((${selector} unless ${selector} offset ${window}) or increase(${selector}[${window}]))`;
}
