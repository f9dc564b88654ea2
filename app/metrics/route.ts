import { Coalescer } from "@/lib/http/coalesce";
import { renderCacheMetrics } from "@/lib/k8s/metrics/exposition";
import { processMetrics } from "@/lib/k8s/metrics/process-metrics";
import { renderReplicaMetrics } from "@/lib/k8s/replicas/metrics";
import { currentShard } from "@/lib/k8s/replicas/runtime";
import { getCache } from "@/lib/k8s/store/runtime";
import { infoMetric } from "@/lib/prometheus/info-metric";
import { historySettings } from "@/lib/prometheus/settings";
import pkg from "@/package.json";

export const dynamic = "force-dynamic";

/** Concurrent scrapes share one render, and its text is reused this long (lib/http/coalesce.ts). */
const REUSE_MS = 1000;
const KEY = Symbol.for("headroom.metrics-scrape");
const g = globalThis as unknown as Record<symbol, Coalescer<string>>;
const scrapes = (g[KEY] ??= new Coalescer<string>(REUSE_MS));

async function render(): Promise<string> {
  let cacheText = "";
  try {
    const { cache } = getCache();
    cacheText = renderCacheMetrics(cache);
    const replica = currentShard();
    if (replica) cacheText += renderReplicaMetrics(replica.shard, cache);
  } catch {
    // No cluster configured yet: the process metrics still tell the scraper we are alive.
  }
  const info = infoMetric(historySettings().externalUrl, pkg.version);
  return cacheText + info + (await processMetrics());
}

/** The shared cache of this render, or none (a context switch makes a new one: never a stale text). */
function currentCache(): object | null {
  try {
    return getCache().cache;
  } catch {
    return null;
  }
}

/** GET /metrics: Prometheus text format, from the shared cache (auth per HEADROOM_METRICS_PUBLIC, in proxy.ts). */
export async function GET() {
  return new Response(await scrapes.get(currentCache(), render), {
    headers: { "Content-Type": "text/plain; version=0.0.4; charset=utf-8" },
  });
}
