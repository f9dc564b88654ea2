import { servePeerRows } from "@/lib/k8s/replicas/peer/serve-overview";

export const dynamic = "force-dynamic";

/**
 * GET /api/peer/rows: this replica's own overview rows as rendered text (one a line, the envelope
 * first, `end N` last; lib/k8s/replicas/peer/peer-rows.ts), for a peer streaming the fleet merge;
 * `?rows=table` leaves out labels and observations. Peer secret required: 401 and no data without
 * it; 404 when sharding is off.
 */
export function GET(request: Request) {
  const table = new URL(request.url).searchParams.get("rows") === "table";
  return servePeerRows(request.headers.get("authorization"), table);
}
