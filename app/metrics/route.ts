import { renderCacheMetrics } from "@/lib/k8s/metrics";
import { processMetrics } from "@/lib/k8s/process-metrics";
import { getCache } from "@/lib/k8s/runtime";

export const dynamic = "force-dynamic";

/** GET /metrics: Prometheus text format, from the shared cache (auth per HEADROOM_METRICS_PUBLIC, in proxy.ts). */
export async function GET() {
  let cacheText = "";
  try {
    cacheText = renderCacheMetrics(getCache().cache);
  } catch {
    // No cluster configured yet: the process metrics still tell the scraper we are alive.
  }
  return new Response(cacheText + (await processMetrics()), { headers: { "Content-Type": "text/plain; version=0.0.4; charset=utf-8" } });
}
