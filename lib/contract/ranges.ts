// The history ranges a node page's charts offer and the query step of each: shared by the route,
// the charts and URL state. No zod here (history.ts has the document's schema): URL state, on every
// first paint, reads only these.
export const RANGES = { "15m": 900, "1h": 3600, "6h": 6 * 3600, "24h": 86400, "7d": 7 * 86400 } as const;
export type RangeName = keyof typeof RANGES;
export const RANGE_NAMES = Object.keys(RANGES) as RangeName[];
export const DEFAULT_RANGE: RangeName = "1h";

export const isRange = (v: string): v is RangeName => Object.hasOwn(RANGES, v);

// ~360 points a series whatever the range: a 7-day chart costs what a 1-hour one does.
const POINTS = 360;
// Headroom collects a Summary every 10 s by default: a finer step only repeats points.
const MIN_STEP = 10;

/** The query step for a range: about 360 points, a multiple of 10 s. */
export function stepFor(rangeSeconds: number): number {
  return Math.max(MIN_STEP, Math.ceil(rangeSeconds / POINTS / MIN_STEP) * MIN_STEP);
}
