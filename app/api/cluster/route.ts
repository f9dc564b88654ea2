import { clusterDocumentStream } from "@/lib/k8s/api";

export const dynamic = "force-dynamic";

/** GET /api/cluster: the fleet overview from the shared cache (never triggers cluster traffic). */
export function GET() {
  const r = clusterDocumentStream();
  return r.ok ? new Response(r.data, { headers: { "Content-Type": "application/json" } }) : Response.json({ error: r.error }, { status: r.status });
}
