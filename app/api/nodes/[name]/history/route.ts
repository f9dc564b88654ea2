import { historyDocument } from "@/lib/prometheus/history-document";

export const dynamic = "force-dynamic";

/** GET /api/nodes/{name}/history?range=15m|1h|6h|24h|7d: the node's signals and thresholds over time. */
export async function GET(request: Request, { params }: { params: Promise<{ name: string }> }) {
  const r = await historyDocument((await params).name, new URL(request.url).searchParams.get("range"));
  return r.ok ? Response.json(r.data) : Response.json({ error: r.error }, { status: r.status });
}
