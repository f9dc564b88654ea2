import { nodeDocument } from "@/lib/k8s/documents/api";
import { forwardNode } from "@/lib/k8s/replicas/peer/forward";

export const dynamic = "force-dynamic";

/** GET /api/nodes/{name}: everything the node page and its what-if need (from its owner when several replicas share the fleet). */
export async function GET(_request: Request, { params }: { params: Promise<{ name: string }> }) {
  const name = (await params).name;
  const forwarded = await forwardNode(name);
  if (forwarded) return forwarded;
  const r = nodeDocument(name);
  return r.ok ? Response.json(r.data) : Response.json({ error: r.error }, { status: r.status });
}
