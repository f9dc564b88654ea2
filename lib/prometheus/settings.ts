import "server-only";

import { z } from "zod";

// Prometheus as Headroom's long-term store (docs/production.md, "History in Prometheus"). Validated at
// start-up with the rest of the configuration (lib/server/start/boot.ts).

// One PromQL label matcher: name, operator, double-quoted value (escapes allowed).
const MATCHER = /^\s*[a-zA-Z_][a-zA-Z0-9_]*\s*(=~|!~|!=|=)\s*"(?:[^"\\]|\\.)*"\s*$/;

/** Splits `a="x",b=~"y.*"` into matchers; null when any part is not a matcher. */
export function parseSelector(text: string): string[] | null {
  if (!text.trim()) return [];
  const parts: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\\" && quoted) {
      cur += c + (text[++i] ?? "");
      continue;
    }
    if (c === '"') quoted = !quoted;
    if (c === "," && !quoted) {
      parts.push(cur);
      cur = "";
    } else cur += c;
  }
  parts.push(cur);
  return quoted || !parts.every((p) => MATCHER.test(p)) ? null : parts.map((p) => p.trim());
}

const httpUrl = (what: string) =>
  z
    .string()
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), `must be an http(s) URL (${what})`)
    .transform((v) => v.replace(/\/+$/, ""));

/** `prod-1=https://headroom.prod-1.example.com,staging=https://…` → cluster → URL. */
function parseClusterLinks(v: string, ctx: z.RefinementCtx): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of v.split(",").filter((p) => p.trim())) {
    const eq = part.indexOf("=");
    const name = part.slice(0, eq).trim();
    const url = part.slice(eq + 1).trim();
    if (eq < 1 || !URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
      ctx.addIssue({
        code: "custom",
        message: `expected cluster=http(s)://url pairs separated by commas, got ${JSON.stringify(part.slice(0, 80))}`,
      });
      continue;
    }
    out[name] = url.replace(/\/+$/, "");
  }
  return out;
}

const schema = z.object({
  HEADROOM_PROMETHEUS_URL: httpUrl("e.g. http://prometheus-operated.monitoring:9090").optional(),
  HEADROOM_PROMETHEUS_BEARER_TOKEN_FILE: z.string().min(1).optional(),
  HEADROOM_PROMETHEUS_CA_FILE: z.string().min(1).optional(),
  HEADROOM_PROMETHEUS_SELECTOR: z
    .string()
    .default("")
    .refine(
      (v) => parseSelector(v) !== null,
      'must be PromQL label matchers such as cluster="prod-1" or cluster=~"prod-.*",team="x"',
    ),
  HEADROOM_PROMETHEUS_TIMEOUT_SECONDS: z.coerce
    .number({ error: "must be a number of seconds" })
    .positive()
    .max(60, "must be at most 60 seconds")
    .default(5),
  HEADROOM_EXTERNAL_URL: httpUrl("the address operators open Headroom at, for alert links").optional(),
  HEADROOM_CLUSTER_LINKS: z.string().default("").transform(parseClusterLinks),
});

export interface PrometheusSettings {
  url: string;
  bearerTokenFile?: string;
  caFile?: string;
  /** Extra label matchers added to every query (a shared Prometheus holding several clusters). */
  matchers: string[];
  timeoutMs: number;
}

export interface HistorySettings {
  prometheus: PrometheusSettings | null;
  externalUrl: string | null;
  clusterLinks: Record<string, string>;
}

export type SettingsResult = { success: true; data: HistorySettings } | { success: false; errors: string[] };

/** Validates the Prometheus variables; one line per wrong one. */
export function parseHistorySettings(env: Record<string, string | undefined>): SettingsResult {
  const r = schema.safeParse(env);
  if (!r.success) return { success: false, errors: r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) };
  const d = r.data;
  const prometheus = d.HEADROOM_PROMETHEUS_URL
    ? {
        url: d.HEADROOM_PROMETHEUS_URL,
        bearerTokenFile: d.HEADROOM_PROMETHEUS_BEARER_TOKEN_FILE,
        caFile: d.HEADROOM_PROMETHEUS_CA_FILE,
        matchers: parseSelector(d.HEADROOM_PROMETHEUS_SELECTOR)!,
        timeoutMs: d.HEADROOM_PROMETHEUS_TIMEOUT_SECONDS * 1000,
      }
    : null;
  return {
    success: true,
    data: { prometheus, externalUrl: d.HEADROOM_EXTERNAL_URL ?? null, clusterLinks: d.HEADROOM_CLUSTER_LINKS },
  };
}

let current: HistorySettings | undefined;

/** This process's settings (read once; tests call `setHistorySettings`). */
export function historySettings(): HistorySettings {
  if (!current) {
    const r = parseHistorySettings(process.env);
    // boot.ts has already refused to start on invalid values; this only covers tests and tools.
    current = r.success ? r.data : { prometheus: null, externalUrl: null, clusterLinks: {} };
  }
  return current;
}

/** Replaces the settings (tests; a context switch does not change them). */
export function setHistorySettings(s: HistorySettings | undefined): void {
  current = s;
}
