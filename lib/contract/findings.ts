// The fleet findings document: what GET /api/findings returns and the /findings page, the node
// page's Findings section and the fleet table's column read.
import { z } from "zod";

const severity = z.enum(["error", "warning", "info"]);

const findingEntry = z.object({
  rule: z.string(),
  severity,
  node: z.string().nullable(),
  pool: z.string().nullable(),
  message: z.string(),
  title: z.string(),
  source: z.string(),
  fix: z.object({ text: z.string(), yaml: z.string().optional(), flags: z.string().optional() }).nullable(),
});
export type FindingEntry = z.infer<typeof findingEntry>;

export const findingsDocument = z.object({
  generatedAt: z.string(),
  findings: z.array(findingEntry),
});
export type FindingsDocument = z.infer<typeof findingsDocument>;
