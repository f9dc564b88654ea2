import { clusterDocument } from "@/lib/k8s/documents/api";
import { clusterEnvelopeJson } from "@/lib/k8s/documents/cluster-envelope";
import { serveMergedOverview } from "@/lib/k8s/replicas/peer/serve-overview";

export const dynamic = "force-dynamic";

/**
 * GET /api/cluster: the fleet overview from the shared cache (never triggers cluster traffic);
 * `?nodes=none` leaves the rows out (the site header away from the fleet page); `?rows=table` leaves
 * out each row's `labels` and `observations` (the fleet table's first paint: ~40 % fewer bytes). With
 * HEADROOM_SHARDING=lease, every replica's rows merged (lib/k8s/replicas/merge/fleet-merge.ts).
 */
export async function GET(request?: Request) {
  const params = request ? new URL(request.url).searchParams : new URLSearchParams();
  const rows = params.get("nodes") !== "none";
  const table = params.get("rows") === "table";
  const merged = serveMergedOverview(rows, table);
  if (merged) return merged;
  if (!rows) {
    const e = clusterEnvelopeJson();
    return e.ok
      ? new Response(e.data, { headers: { "Content-Type": "application/json" } })
      : Response.json({ error: e.error }, { status: e.status });
  }
  const r = clusterDocument(table);
  return r.ok
    ? new Response(r.data, { headers: { "Content-Type": "application/json" } })
    : Response.json({ error: r.error }, { status: r.status });
}
