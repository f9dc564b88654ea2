// The history document (GET /api/nodes/NAME/history) and its ranges: shared by the route and the
// node page's charts. Browser-safe.
import { z } from "zod";

import type { HistorySeries } from "@/lib/contract/dto";

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

const point = z.tuple([z.number(), z.number()]);
export const historyDoc = z.object({
  source: z.enum(["prometheus", "memory"]),
  from: z.number(),
  to: z.number(),
  step: z.number().positive(),
  series: z.array(
    z.object({
      signal: z.string(),
      points: z.array(point),
      thresholds: z.array(z.object({ kind: z.enum(["hard", "soft"]), points: z.array(point) })),
    }),
  ),
  /** Why the in-memory ring answered although Prometheus is configured ("timeout after 5s", …). */
  prometheusError: z.string().optional(),
});
export type HistoryDoc = z.infer<typeof historyDoc>;
export type Point = [number, number];

/** History series of the node's PSI counters (µs) are named "psi:memory.full", "psi:io.some", …. */
export const PSI_PREFIX = "psi:";

/** The PSI counters of a history grid, by "resource.kind"; undefined when it has none. */
export function psiSeriesOf(h: HistorySeries): HistorySeries | undefined {
  const signals: HistorySeries["signals"] = {};
  for (const [k, v] of Object.entries(h.signals)) if (k.startsWith(PSI_PREFIX)) signals[k.slice(PSI_PREFIX.length)] = v;
  return Object.keys(signals).length ? { ...h, signals } : undefined;
}

/** Lays a history document onto the charts' regular grid (one slot per step; gaps are null). */
export function toHistorySeries(doc: HistoryDoc): HistorySeries {
  const slots = Math.floor((doc.to - doc.from) / doc.step) + 1;
  const signals: HistorySeries["signals"] = {};
  for (const s of doc.series) {
    const available: (number | null)[] = new Array(slots).fill(null);
    for (const [t, v] of s.points) {
      const i = Math.round((t - doc.from) / doc.step);
      if (i >= 0 && i < slots) available[i] = v;
    }
    signals[s.signal] = { available, capacity: null };
  }
  return { start: doc.from * 1000, intervalSeconds: doc.step, signals };
}
