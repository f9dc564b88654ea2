// Structured logs: one JSON object per line on stdout (stderr for warn/error), filtered by
// HEADROOM_LOG_LEVEL. Every message and string field goes through a scrubber that removes the
// configured auth token and anything that looks like a credential, so a log line never carries one.

export type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

const TOKEN = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;
const JWT = /\beyJ[\w-]+\.[\w-]+\.[\w-]*/g;

interface LogState {
  level: Level;
  secrets: string[];
  write: (line: string, level: Level) => void;
}

// On globalThis: proxy.ts, routes and instrumentation are separate bundles sharing one process.
const KEY = Symbol.for("headroom.log");
const g = globalThis as unknown as Record<symbol, LogState>;
const state = (): LogState =>
  (g[KEY] ??= {
    level: "info",
    secrets: [],
    write: (line, level) => (ORDER[level] >= ORDER.warn ? process.stderr : process.stdout).write(`${line}\n`),
  });

/** Sets the level and the secrets to scrub (called once at start-up; tests pass a writer). */
export function configureLog(o: { level?: Level; secrets?: (string | undefined)[]; write?: LogState["write"] }): void {
  const s = state();
  if (o.level) s.level = o.level;
  if (o.secrets) s.secrets = o.secrets.filter((x): x is string => !!x && x.length >= 4);
  if (o.write) s.write = o.write;
}

/** Removes configured secrets and credential-shaped strings from a text. */
export function scrub(text: string): string {
  let out = text;
  for (const secret of state().secrets) out = out.split(secret).join("<redacted>");
  return out.replace(TOKEN, "$1 <redacted>").replace(JWT, "<redacted>");
}

function clean(v: unknown, depth = 0): unknown {
  if (typeof v === "string") return scrub(v);
  if (v instanceof Error) return scrub(v.message);
  if (Array.isArray(v)) return depth > 3 ? "[…]" : v.map((x) => clean(x, depth + 1));
  if (v && typeof v === "object") return depth > 3 ? "[…]" : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, clean(x, depth + 1)]));
  return v;
}

function emit(level: Level, msg: string, fields?: Record<string, unknown>): void {
  const s = state();
  if (ORDER[level] < ORDER[s.level]) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg: scrub(msg), ...(fields ? (clean(fields) as object) : {}) });
  s.write(line, level);
}

/** The logger: log.info("message", { field: value }). */
export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => emit("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => emit("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => emit("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => emit("error", msg, fields),
};
