import { findingsDocument } from "@/lib/k8s/documents/api";

export const dynamic = "force-dynamic";

/** GET /api/findings[?node=NAME]: the kubelet-configuration advisor's findings (docs/advisor.md). */
export async function GET(request: Request) {
  const node = new URL(request.url).searchParams.get("node") ?? undefined;
  const r = findingsDocument(node);
  return r.ok ? Response.json(r.data) : Response.json({ error: r.error }, { status: r.status });
}
