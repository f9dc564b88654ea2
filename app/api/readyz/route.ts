import { readiness } from "@/lib/k8s/documents/api";

export const dynamic = "force-dynamic";

/** Readiness: 200 once the first full sync is done, 503 before (and when no cluster is configured). */
export function GET() {
  const r = readiness();
  if (!r.ok) return Response.json({ ready: false, error: r.error }, { status: 503 });
  return Response.json(r.data, { status: r.data.ready ? 200 : 503 });
}
