import { servePeerDocuments } from "@/lib/k8s/replicas/peer/serve-documents";

export const dynamic = "force-dynamic";

/**
 * GET /api/peer/documents?names=a,b: the documents of those nodes this replica owns (the others
 * listed as missing), for a peer answering GET /api/nodes?names=… . Peer secret required: 401 and
 * no data without it; 404 when sharding is off. Never asks another replica, so no request can loop.
 */
export function GET(request: Request) {
  return servePeerDocuments(request.headers.get("authorization"), new URL(request.url).searchParams.get("names"));
}
