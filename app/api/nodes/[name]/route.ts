import { nodeDocument } from "@/lib/k8s/documents/api";

export const dynamic = "force-dynamic";

/** GET /api/nodes/{name}: everything the node page and its what-if need. */
export async function GET(_request: Request, { params }: { params: Promise<{ name: string }> }) {
  const r = nodeDocument((await params).name);
  return r.ok ? Response.json(r.data) : Response.json({ error: r.error }, { status: r.status });
}
