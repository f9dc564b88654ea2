// The fleet termination document: what GET /api/terminations returns and the /terminations page reads.
import { z } from "zod";

import { termination, terminationCause } from "@/lib/contract/termination";

const workloadTerminations = z.object({
  namespace: z.string(),
  kind: z.string(),
  name: z.string(),
  count: z.number(),
  byCause: z.partialRecord(terminationCause, z.number()),
  last: z.string().nullable(),
  nodes: z.array(z.string()),
  terminations: z.array(termination),
  suggestions: z.array(z.string()),
});

export const fleetTerminations = z.object({
  generatedAt: z.string(),
  /** How much the server keeps: at most `max` records, `maxPerNode` per node, none older than `hours`. */
  retention: z.object({ max: z.number(), maxPerNode: z.number(), hours: z.number() }),
  count: z.number(),
  workloads: z.array(workloadTerminations),
  /**
   * With HEADROOM_SHARDING=lease (docs/replicas.md): the replica that merged this document, the
   * live members, and those whose share is missing (then the document is incomplete and says so).
   */
  replicas: z
    .object({
      identity: z.string(),
      members: z.array(z.string()),
      unreachable: z.array(z.string()),
      errors: z.array(z.string()).optional(),
    })
    .optional(),
});
export type FleetTerminations = z.infer<typeof fleetTerminations>;
