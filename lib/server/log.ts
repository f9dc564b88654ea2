import "server-only";

// Structured logs: one JSON object per line on stdout (stderr for warn/error), filtered by
// HEADROOM_LOG_LEVEL. Every message and string field goes through a scrubber that removes the
// configured auth token and anything that looks like a credential, so a log line never carries one.

import { inspect, stripVTControlCharacters } from "node:util";

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
  if (v && typeof v === "object")
    return depth > 3 ? "[…]" : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, clean(x, depth + 1)]));
  return v;
}

function emit(level: Level, msg: string, fields?: Record<string, unknown>): void {
  const s = state();
  if (ORDER[level] < ORDER[s.level]) return;
  const line = JSON.stringify({
    time: new Date().toISOString(),
    level,
    msg: scrub(msg),
    ...(fields ? (clean(fields) as object) : {}),
  });
  s.write(line, level);
}

/** The logger: log.info("message", { field: value }). */
export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => emit("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => emit("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => emit("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => emit("error", msg, fields),
};

const CONSOLE_LEVELS: [keyof Console & ("error" | "warn" | "info" | "log" | "debug"), Level][] = [
  ["error", "error"],
  ["warn", "warn"],
  ["info", "info"],
  ["log", "info"],
  ["debug", "debug"],
];

// An error's stack and those of its causes (Next wraps module-load failures in two layers).
function stackWithCauses(error: Error): string {
  const parts: string[] = [];
  for (let e: unknown = error, i = 0; e instanceof Error && i < 5; e = e.cause, i++) parts.push(e.stack ?? e.message);
  return parts.join("\ncaused by: ");
}

/**
 * Routes console.* through the logger, so what Next and libraries print (Next's "⨯" error with a
 * multi-line stack, its body-size warning) also becomes one JSON object per line, scrubbed. An
 * Error's stack goes into a `stack` field with its newlines escaped by JSON.
 */
export function captureConsole(): void {
  const KEY_CONSOLE = Symbol.for("headroom.log.console");
  const c = console as unknown as Record<symbol, boolean>;
  if (c[KEY_CONSOLE]) return;
  c[KEY_CONSOLE] = true;
  for (const [method, level] of CONSOLE_LEVELS) {
    console[method] = (...args: unknown[]) => {
      const error = args.find((a): a is Error => a instanceof Error);
      // Next prefixes its lines with a coloured marker ("⨯", "⚠"); the level says it already.
      const text = args
        .map((a) =>
          a instanceof Error ? a.message : typeof a === "string" ? a : inspect(a, { depth: 2, breakLength: Infinity }),
        )
        .join(" ");
      const msg = stripVTControlCharacters(text)
        .replace(/^\s*[⨯⚠✓○▲]\s*/u, "")
        .replace(/\s*\n\s*/g, " ")
        .trim();
      emit(level, msg || "(empty console line)", error?.stack ? { stack: stackWithCauses(error) } : undefined);
    };
  }
}
