// Decodes a Prometheus API answer (/api/v1/query or /api/v1/query_range) in one linear pass into
// flat typed arrays, refusing answers with more series or points than Headroom ever reads. Runs in
// the answer thread (answer-thread.ts); imports nothing server-only, so the thread can load it.

/** Series one answer may hold: a node's history is a dozen, the clusters page a few per cluster. */
export const MAX_SERIES = 20_000;
/**
 * Points one answer may hold: a node's 7-day history is ~13 series of ~360 points, its eviction
 * timeline 168 hourly buckets per workload. The cap keeps what the main thread builds and
 * serialises from an answer bounded (a few milliseconds), whatever the answer's size.
 */
const MAX_POINTS = 200_000;

export interface DecodeLimits {
  maxSeries: number;
  maxPoints: number;
  /**
   * The query's `by (…)` labels: only these are kept, and only the first series of each label
   * set (a proxy or a broken server may repeat one). Absent: every label, every series.
   */
  by?: string[];
}
export const DEFAULT_LIMITS: DecodeLimits = { maxSeries: MAX_SERIES, maxPoints: MAX_POINTS };

export type AnswerType = "matrix" | "vector";

/** Series i's points are times/values[offsets[i] .. offsets[i+1]); a vector has one point per series. */
export interface Decoded {
  metrics: Record<string, string>[];
  offsets: Uint32Array;
  times: Float64Array;
  values: Float64Array;
}

export type DecodeResult = { ok: true; data: Decoded } | { ok: false; message: string };

const num = (v: unknown) => (typeof v === "string" ? Number(v === "+Inf" ? Infinity : v === "-Inf" ? -Infinity : v) : Number.NaN);

/** The parsed labels as they are when every value is a string (Prometheus's own), else only the strings. */
function labelsOf(m: unknown): Record<string, string> {
  if (!m || typeof m !== "object" || Array.isArray(m)) return {};
  const o = m as Record<string, unknown>;
  for (const k in o)
    if (typeof o[k] !== "string")
      // defineProperty-like copy: a "__proto__" label stays a plain key, never a prototype.
      return Object.fromEntries(Object.entries(o).filter(([, v]) => typeof v === "string")) as Record<string, string>;
  return o as Record<string, string>;
}

const fail = (message: string): DecodeResult => ({ ok: false, message });

const METRIC_KEY = Buffer.from('"metric":');

/**
 * Counts series as an answer's bytes arrive: each series object has a "metric" key, and
 * `"metric":` cannot occur elsewhere in JSON text (a string equal to "metric" is never followed
 * by a colon). A byte scan costs a few milliseconds where parsing 16 MiB costs a second and
 * hundreds of MiB, so an answer past the series cap is refused as soon as it is, before the rest
 * is even read. (JSON with spaces before the colon counts low: the check after parsing holds.)
 */
export class SeriesCounter {
  count = 0;
  private tail = Buffer.alloc(0);

  /** Adds a chunk's series; the key may straddle two chunks. */
  add(chunk: Buffer): number {
    const k = METRIC_KEY.length;
    const seam = Buffer.concat([this.tail, chunk.subarray(0, k - 1)]);
    if (this.tail.length && seam.indexOf(METRIC_KEY) !== -1) this.count++;
    for (let i = chunk.indexOf(METRIC_KEY); i !== -1; i = chunk.indexOf(METRIC_KEY, i + k)) this.count++;
    this.tail = Buffer.from(chunk.subarray(Math.max(0, chunk.length - (k - 1))));
    return this.count;
  }
}

/** The error for an answer past the series cap (`n` known, or "more than" when the read stopped early). */
export const tooManySeries = (n: number | null, limits: DecodeLimits) =>
  `answer has ${n ?? "more than " + limits.maxSeries} series, more than the ${limits.maxSeries} Headroom reads (narrow HEADROOM_PROMETHEUS_SELECTOR)`;

/** Decodes an answer's bytes, refusing one with too many series before parsing it. */
export function decodeBytes(bytes: Uint8Array, type: AnswerType, limits: DecodeLimits = DEFAULT_LIMITS): DecodeResult {
  const n = new SeriesCounter().add(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (n > limits.maxSeries) return fail(tooManySeries(n, limits));
  return decodeAnswer(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8"), type, limits);
}

/** Parses and checks an answer's text; the error says what was wrong with it. */
function decodeAnswer(text: string, type: AnswerType, limits: DecodeLimits = DEFAULT_LIMITS): DecodeResult {
  let doc: { status?: unknown; data?: { resultType?: unknown; result?: unknown }; error?: unknown };
  try {
    doc = JSON.parse(text);
  } catch {
    return fail("answer is not JSON");
  }
  if (doc?.status !== "success") return fail(`query failed: ${String(doc?.error ?? doc?.status).slice(0, 200)}`);
  const result = doc.data?.result;
  if (doc.data?.resultType !== type || !Array.isArray(result))
    return fail(`expected a ${type}, got ${String(doc.data?.resultType).slice(0, 40)}`);
  if (result.length > limits.maxSeries) return fail(tooManySeries(result.length, limits));
  // The series kept: the first of each `by` label set.
  const kept: { metric: Record<string, string>; pts: unknown[] }[] = [];
  const seen = new Set<string>();
  let points = 0;
  for (const r of result as ({ metric?: unknown; values?: unknown; value?: unknown } | null)[]) {
    let metric = labelsOf(r?.metric);
    if (limits.by) {
      const only: Record<string, string> = {};
      for (const l of limits.by) if (Object.hasOwn(metric, l)) only[l] = metric[l]!;
      const key = limits.by.map((l) => only[l] ?? "\u0001").join("\u0000");
      if (seen.has(key)) continue;
      seen.add(key);
      metric = only;
    }
    const pts = type === "vector" ? [r?.value] : Array.isArray(r?.values) ? r.values : [];
    points += pts.length;
    if (points > limits.maxPoints)
      return fail(`answer has more than the ${limits.maxPoints} points Headroom reads in one answer`);
    kept.push({ metric, pts });
  }
  const offsets = new Uint32Array(kept.length + 1);
  const times = new Float64Array(points);
  const values = new Float64Array(points);
  const metrics: Record<string, string>[] = new Array(kept.length);
  let k = 0;
  for (let i = 0; i < kept.length; i++) {
    metrics[i] = kept[i]!.metric;
    for (const p of kept[i]!.pts) {
      times[k] = Array.isArray(p) ? Number(p[0]) : Number.NaN;
      values[k++] = Array.isArray(p) ? num(p[1]) : Number.NaN;
    }
    offsets[i + 1] = k;
  }
  return { ok: true, data: { metrics, offsets, times, values } };
}
