import { clusterDocument } from "@/lib/k8s/api";

export const dynamic = "force-dynamic";

/** GET /api/cluster: the fleet overview from the shared cache (never triggers cluster traffic). */
export function GET() {
  const r = clusterDocument();
  return r.ok ? Response.json(r.data) : Response.json({ error: r.error }, { status: r.status });
}
