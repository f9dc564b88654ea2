import { parseNames, type NodeDocuments } from "@/lib/contract/node-documents";
import { cached } from "@/lib/k8s/documents/api";
import { localDocuments, notANodeName } from "@/lib/k8s/documents/node-documents";
import { serveMergedDocuments } from "@/lib/k8s/replicas/peer/serve-documents";
import { getCache } from "@/lib/k8s/store/runtime";

export const dynamic = "force-dynamic";

/**
 * GET /api/nodes?names=a,b,c (at most 50): those nodes' documents, as GET /api/nodes/{name} serves
 * each, in one answer (the pool/fleet what-if's pod detail, `headroom analyze --server`). A node
 * not found, or whose owner replica does not answer, is listed in `missing` and `complete` is false.
 * With HEADROOM_SHARDING=lease each owner is asked once for all of its nodes.
 */
export async function GET(request: Request) {
  const parsed = parseNames(new URL(request.url).searchParams.get("names"), notANodeName);
  if ("error" in parsed) return Response.json({ error: parsed.error }, { status: 400 });
  const merged = await serveMergedDocuments(parsed.names);
  if (merged) return merged;
  const r = cached(() => {
    const part = localDocuments(getCache().cache, parsed.names);
    return { ok: true, data: { ...part, complete: part.missing.length === 0 } satisfies NodeDocuments };
  });
  return r.ok ? Response.json(r.data) : Response.json({ error: r.error }, { status: r.status });
}
