import { nodeName } from "@/lib/k8s/documents/api";
import { weekOfEvictions } from "@/lib/prometheus/eviction-timeline";
import { historySettings } from "@/lib/prometheus/settings";

export const dynamic = "force-dynamic";

/** GET /api/nodes/{name}/evictions: the node's evictions of the last 7 days, by the hour, from Prometheus. */
export async function GET(_request: Request, { params }: { params: Promise<{ name: string }> }) {
  const name = nodeName.safeParse((await params).name);
  if (!name.success) return Response.json({ error: `name: ${name.error.issues[0]!.message}` }, { status: 400 });
  return Response.json(await weekOfEvictions(historySettings().prometheus, name.data, Date.now()));
}
