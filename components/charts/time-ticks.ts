// X-axis ticks for a time series: one step for the whole axis, picked from the span, and one
// label format for that step, so an axis never repeats "14:42" five times nor mixes formats.
import { formatClock } from "@/lib/format";

const STEPS_SECONDS = [10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400];

export interface TimeTicks {
  ticks: number[];
  /** Formats a tick (ms) in the reader's local 24-hour time: HH:MM:SS below a minute's step, else HH:MM. */
  format: (ms: number) => string;
}

/** Picks ticks at a round step so that at most `maxTicks` fall within [from, to] (ms). */
export function timeTicks(from: number, to: number, maxTicks = 6): TimeTicks {
  const span = Math.max(0, to - from) / 1000;
  const step = (STEPS_SECONDS.find((s) => span / s <= maxTicks - 1) ?? STEPS_SECONDS[STEPS_SECONDS.length - 1]!) * 1000;
  const ticks: number[] = [];
  // round steps in local time: minutes and hours line up with the clock the reader sees
  const offset = new Date(from).getTimezoneOffset() * 60_000;
  for (let t = Math.ceil((from - offset) / step) * step + offset; t <= to; t += step) ticks.push(t);
  const seconds = step < 60_000;
  return { ticks, format: (ms: number) => formatClock(ms, { seconds }) };
}

export interface TimeWindow extends TimeTicks {
  from: number;
  to: number;
}

// A single sample still shows where it sits, on a two-minute axis around it.
const SINGLE_HALF_SPAN_MS = 60_000;

/**
 * The x axis of a time chart from its first and last drawn times (ms): a single sample gets a
 * two-minute axis around it; `minSpanMs` widens a short one (the PSI charts keep a minute at least).
 */
export function timeWindow(first: number, last: number, single: boolean, minSpanMs = 0): TimeWindow {
  const from = single ? first - SINGLE_HALF_SPAN_MS : first;
  const to = Math.max(single ? first + SINGLE_HALF_SPAN_MS : last, from + minSpanMs);
  return { from, to, ...timeTicks(from, to) };
}
