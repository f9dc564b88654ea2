import "server-only";

import { readFileSync } from "node:fs";

import { redact } from "@/lib/k8s/io/errors";

import { exchangeInThread } from "./answer-thread";
import { DEFAULT_LIMITS, type AnswerType, type Decoded } from "./decode";
import type { PrometheusSettings } from "./settings";

// A small Prometheus HTTP API client (query and query_range), for Headroom's own series. Any
// server speaking that API works: Prometheus, Thanos Query, Mimir, VictoriaMetrics. Bounded: a
// deadline per request, a cap on the answer's size, series and points (decode.ts), and the whole
// exchange in the answer thread (answer-thread.ts), so a slow or huge answer cannot hold a page
// or the event loop.

const MAX_BODY_BYTES = 16 << 20;

export class PrometheusError extends Error {
  constructor(
    message: string,
    readonly kind: "timeout" | "unreachable" | "http" | "bad-answer",
  ) {
    // Redacted once, here: a Prometheus or a proxy that echoes the request (Authorization
    // included) must not put Headroom's bearer token on a node page.
    super(redact(message));
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

/** Prometheus exchanges in flight at once; more wait their turn (each may hold a 16 MiB answer in the thread). */
const MAX_IN_FLIGHT = 6;
let inFlight = 0;
const waiting: (() => void)[] = [];

async function turn<T>(f: () => Promise<T>): Promise<T> {
  if (inFlight >= MAX_IN_FLIGHT) await new Promise<void>((r) => waiting.push(r));
  inFlight++;
  try {
    return await f();
  } finally {
    inFlight--;
    waiting.shift()?.();
  }
}

/** POSTs a form to the API (no URL-length limit on long selectors); the answer thread receives and decodes it. */
async function ask(
  s: PrometheusSettings,
  path: string,
  form: Record<string, string>,
  type: AnswerType,
  by: string[] | undefined,
): Promise<Decoded> {
  const body = new URLSearchParams(form).toString();
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
    "content-length": String(Buffer.byteLength(body)),
    accept: "application/json",
  };
  // Read on each request: a projected service-account token is rotated in place.
  if (s.bearerTokenFile) headers.authorization = `Bearer ${readFileSync(s.bearerTokenFile, "utf8").trim()}`;
  const r = await turn(() =>
    exchangeInThread({
      url: s.url + path,
      body,
      headers,
      caFile: s.caFile,
      timeoutMs: s.timeoutMs,
      maxBytes: MAX_BODY_BYTES,
      type,
      limits: { ...DEFAULT_LIMITS, by },
    }),
  );
  if (!r.ok) throw new PrometheusError(r.message, r.kind);
  return r.data;
}

/**
 * GET-equivalent of /api/v1/query_range: every series with its [t, value] points. `by`: the
 * query's `by (…)` labels, the only ones kept, one series per label set (decode.ts).
 */
export async function queryRange(
  s: PrometheusSettings,
  query: string,
  start: number,
  end: number,
  step: number,
  by?: string[],
): Promise<RangeSeries[]> {
  const d = await ask(
    s,
    "/api/v1/query_range",
    { query, start: String(start), end: String(end), step: String(step), timeout: `${s.timeoutMs / 1000}s` },
    "matrix",
    by,
  );
  return d.metrics.map((metric, i) => {
    const values: [number, number][] = [];
    for (let k = d.offsets[i]!; k < d.offsets[i + 1]!; k++) values.push([d.times[k]!, d.values[k]!]);
    return { metric, values };
  });
}

/** /api/v1/query at the server's now; `by` as for queryRange. */
export async function queryInstant(s: PrometheusSettings, query: string, by?: string[]): Promise<InstantSample[]> {
  const d = await ask(s, "/api/v1/query", { query, timeout: `${s.timeoutMs / 1000}s` }, "vector", by);
  return d.metrics.map((metric, i) => ({ metric, value: d.values[d.offsets[i]!]! }));
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
  // max_over_time, not the instant value: a series that went stale within the window (Headroom
  // restarted and does not export the label set again until the next eviction) still counts.
  return `((max_over_time(${selector}[${window}]) unless ${selector} offset ${window}) or increase(${selector}[${window}]))`;
}
