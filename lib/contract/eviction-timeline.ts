// The node's eviction timeline read back from Prometheus (GET /api/nodes/NAME/evictions): what
// outlives the API server's one-hour Events. Browser-safe.
import { z } from "zod";

export const evictionTimelineDoc = z.object({
  /** "unavailable": no Prometheus configured, or it did not answer (`reason` says which). */
  source: z.enum(["prometheus", "unavailable"]),
  reason: z.string().optional(),
  from: z.number(),
  to: z.number(),
  /** Hours with evictions, newest first: end of the hour (unix seconds) and what was evicted. */
  entries: z.array(
    z.object({
      at: z.number(),
      namespace: z.string(),
      workloadKind: z.string(),
      workload: z.string(),
      signal: z.string(),
      count: z.number(),
    }),
  ),
  /** Entries left out past the document's cap, the oldest (lib/prometheus/eviction-timeline.ts). */
  omitted: z.number().optional(),
});
export type EvictionTimelineDoc = z.infer<typeof evictionTimelineDoc>;
