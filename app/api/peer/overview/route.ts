import { servePeerOverview } from "@/lib/k8s/replicas/peer/serve-overview";

export const dynamic = "force-dynamic";

/**
 * GET /api/peer/overview: this replica's own overview rows (the nodes it owns, each with its owner),
 * for a peer merging the fleet. Peer secret required: 401 and no data without it; 404 when
 * sharding is off.
 */
export function GET(request: Request) {
  return servePeerOverview(request.headers.get("authorization"));
}
