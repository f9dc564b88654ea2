import { servePeerTerminations } from "@/lib/k8s/replicas/peer/serve-terminations";

export const dynamic = "force-dynamic";

/**
 * GET /api/peer/terminations: the terminations of the nodes this replica owns, with their
 * allocatable, for a peer merging /api/terminations. Peer secret required: 401 and no data
 * without it; 404 when sharding is off.
 */
export function GET(request: Request) {
  return servePeerTerminations(request.headers.get("authorization"));
}
