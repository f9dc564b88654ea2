import { terminationsDocument } from "@/lib/k8s/documents/api";
import { serveMergedTerminations } from "@/lib/k8s/replicas/peer/serve-terminations";

export const dynamic = "force-dynamic";

/**
 * GET /api/terminations: the fleet's pod terminations grouped by owning workload, with suggested
 * fixes (merged from every replica when several share the fleet: docs/replicas.md).
 */
export async function GET() {
  const merged = await serveMergedTerminations();
  if (merged) return merged;
  const r = terminationsDocument();
  return r.ok ? Response.json(r.data) : Response.json({ error: r.error }, { status: r.status });
}
