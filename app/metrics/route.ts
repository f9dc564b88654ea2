import { renderCacheMetrics } from "@/lib/k8s/metrics";
import { processMetrics } from "@/lib/k8s/process-metrics";
import { getCache } from "@/lib/k8s/runtime";
import { infoMetric } from "@/lib/prometheus/info-metric";
import { historySettings } from "@/lib/prometheus/settings";
import pkg from "@/package.json";

export const dynamic = "force-dynamic";

/** GET /metrics: Prometheus text format, from the shared cache (auth per HEADROOM_METRICS_PUBLIC, in proxy.ts). */
export async function GET() {
  let cacheText = "";
  try {
    cacheText = renderCacheMetrics(getCache().cache);
  } catch {
    // No cluster configured yet: the process metrics still tell the scraper we are alive.
  }
  const info = infoMetric(historySettings().externalUrl, pkg.version);
  return new Response(cacheText + info + (await processMetrics()), {
    headers: { "Content-Type": "text/plain; version=0.0.4; charset=utf-8" },
  });
}
