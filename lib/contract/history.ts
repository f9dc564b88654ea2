// The history document (GET /api/nodes/NAME/history) and its ranges: shared by the route and the
// node page's charts. Browser-safe.
import { z } from "zod";

import type { HistorySeries } from "@/lib/contract/dto";

// The ranges live in ranges.ts, which has no zod: URL state reads them on every first paint.
export { DEFAULT_RANGE, isRange, RANGE_NAMES, RANGES, stepFor, type RangeName } from "./ranges";

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
