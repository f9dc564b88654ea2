import { replicaPart } from "@/lib/k8s/replicas/part";

export const dynamic = "force-dynamic";

/**
 * GET /api/peer/part: this replica's share of the fleet (its members view and the nodes it owns,
 * with each one's stats age), for the other replicas. Peer secret required: 401 and no data
 * without it; 404 when sharding is off.
 */
export function GET(request: Request) {
  const r = replicaPart(request.headers.get("authorization"));
  return Response.json(r.body, {
    status: r.status,
    headers: r.status === 401 ? { "WWW-Authenticate": 'Bearer realm="headroom-peers"' } : {},
  });
}
