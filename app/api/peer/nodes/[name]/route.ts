import { nodeDocument } from "@/lib/k8s/documents/api";
import { peerRequestAuthorized } from "@/lib/k8s/replicas/peer/forward";

export const dynamic = "force-dynamic";

/**
 * GET /api/peer/nodes/{name}: a node this replica owns, for a peer that was asked for it. Peer
 * secret required (401, no data, without it). Never forwards again, so no request can loop.
 */
export async function GET(request: Request, { params }: { params: Promise<{ name: string }> }) {
  if (!peerRequestAuthorized(request.headers.get("authorization")))
    return Response.json(
      { error: "peer token required" },
      { status: 401, headers: { "WWW-Authenticate": 'Bearer realm="headroom-peers"' } },
    );
  const r = nodeDocument((await params).name);
  return r.ok ? Response.json(r.data) : Response.json({ error: r.error }, { status: r.status });
}
