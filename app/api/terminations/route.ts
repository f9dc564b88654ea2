import { terminationsDocument } from "@/lib/k8s/documents/api";

export const dynamic = "force-dynamic";

/** GET /api/terminations: the fleet's pod terminations grouped by owning workload, with suggested fixes. */
export async function GET() {
  const r = terminationsDocument();
  return r.ok ? Response.json(r.data) : Response.json({ error: r.error }, { status: r.status });
}
