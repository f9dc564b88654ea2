import { clustersDocumentResult } from "@/lib/prometheus/clusters-route";

export const dynamic = "force-dynamic";

/** GET /api/clusters: every cluster's pressure and worst margins, from Prometheus. */
export async function GET() {
  const r = await clustersDocumentResult();
  return r.ok ? Response.json(r.data) : Response.json({ error: r.error }, { status: r.status });
}
