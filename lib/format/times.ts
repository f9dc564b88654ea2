// Wall-clock times for a reader: their locale's date order, their time zone, a 24-hour clock (the
// charts' axes and the countdowns share it), and the date only when the time is not today. Only a
// browser knows the reader's zone: call these from client code after hydration (useHydrated), never
// while the server renders, or the server's zone would show and React would throw the tree away.

// Formatters made once: toLocale*String builds a new Intl.DateTimeFormat on every call, and
// recharts formats each tick several times per render.
const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new Intl.DateTimeFormat(undefined, { hourCycle: "h23", ...options })));
  return f;
}

const CLOCK = { hour: "2-digit", minute: "2-digit" } as const;

/** Formats the time of day only: "14:57:40" (or "14:57" with `seconds: false`); for chart axes whose date is elsewhere. */
export function formatClock(ms: number, { seconds = true } = {}): string {
  return seconds ? formatter("s", { ...CLOCK, second: "2-digit" }).format(ms) : formatter("m", CLOCK).format(ms);
}

function dayOf(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
}

/** Whether two times fall on the same day in the reader's zone. */
export function sameDay(a: number, b: number): boolean {
  return dayOf(a) === dayOf(b);
}

/** The date alone, as formatTime prints it: "Nov 23", with the year when it is not the year of `now`. */
export function formatDay(ms: number, now = Date.now()): string {
  const sameYear = new Date(ms).getFullYear() === new Date(now).getFullYear();
  const options: Intl.DateTimeFormatOptions = { month: "short", day: "numeric" };
  if (!sameYear) options.year = "numeric";
  return formatter(sameYear ? "day" : "dayy", options).format(ms);
}

export interface TimeOptions {
  /** What "today" is (ms); the reader's clock by default. */
  now?: number;
  seconds?: boolean;
}

/**
 * Formats a wall-clock time for the reader: "13:18:44" today, "Nov 23, 13:18:44" another day (in
 * their locale's order), with the year when it is not this year. Not a finite time: "–".
 */
export function formatTime(ms: number, { now = Date.now(), seconds = true }: TimeOptions = {}): string {
  if (!Number.isFinite(ms)) return "–";
  if (dayOf(ms) === dayOf(now)) return formatClock(ms, { seconds });
  const sameYear = new Date(ms).getFullYear() === new Date(now).getFullYear();
  const key = `d${sameYear ? "" : "y"}${seconds ? "s" : "m"}`;
  const options: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", ...CLOCK };
  if (!sameYear) options.year = "numeric";
  if (seconds) options.second = "2-digit";
  return formatter(key, options).format(ms);
}

/** Formats an RFC 3339 timestamp as formatTime does; "–" when it is missing or not a time. */
export function formatIsoTime(iso: string | null | undefined, options?: TimeOptions): string {
  return iso ? formatTime(Date.parse(iso), options) : "–";
}

/** A time of day in UTC, "13:21:05": for reports that must read the same on every machine (the backtest). */
export function formatUtcClock(ms: number): string {
  return new Date(ms).toISOString().slice(11, 19);
}
