import { Coalescer } from "@/lib/http/coalesce";
import { refreshFindings } from "@/lib/k8s/documents/findings";
import { renderCacheMetricsBytes } from "@/lib/k8s/metrics/exposition";
import { processMetrics } from "@/lib/k8s/metrics/process-metrics";
import { renderReplicaMetrics } from "@/lib/k8s/replicas/metrics";
import { currentShard } from "@/lib/k8s/replicas/runtime";
import type { ClusterCache } from "@/lib/k8s/store/cache";
import { getCache } from "@/lib/k8s/store/runtime";
import { infoMetric } from "@/lib/prometheus/info-metric";
import { historySettings } from "@/lib/prometheus/settings";
import pkg from "@/package.json";

export const dynamic = "force-dynamic";

/** Concurrent scrapes share one render, and its text is reused this long (lib/http/coalesce.ts). */
const REUSE_MS = 1000;
const KEY = Symbol.for("headroom.metrics-scrape");
const g = globalThis as unknown as Record<symbol, Coalescer<Uint8Array[]>>;
const scrapes = (g[KEY] ??= new Coalescer<Uint8Array[]>(REUSE_MS));
const encoder = new TextEncoder();

/** The answer's bytes in order: the cache's families (one buffer, ~17 MiB at 5 000 nodes), then the rest. */
async function render(cache: ClusterCache | null): Promise<Uint8Array[]> {
  const parts: Uint8Array[] = [];
  let rest = "";
  if (cache)
    try {
      parts.push(renderCacheMetricsBytes(cache));
      const replica = currentShard();
      if (replica) rest += renderReplicaMetrics(replica.shard, cache);
    } catch {
      // No cluster configured yet: the process metrics still tell the scraper we are alive.
    }
  rest += infoMetric(historySettings().externalUrl, pkg.version);
  parts.push(encoder.encode(rest + (await processMetrics())));
  return parts;
}

/** The shared cache of this render, or none (a context switch makes a new one: never a stale text). */
function currentCache(): ClusterCache | null {
  try {
    return getCache().cache;
  } catch {
    return null;
  }
}

/**
 * GET /metrics: Prometheus text format, from the shared cache (auth per HEADROOM_METRICS_PUBLIC, in
 * proxy.ts). Streamed from the render's buffers without joining them; once the last byte is handed
 * over, the advisor's next pass is asked for (findings.ts: a scrape exports the last pass).
 */
export async function GET() {
  const cache = currentCache();
  const parts = await scrapes.get(cache, () => render(cache));
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < parts.length) return controller.enqueue(parts[i++]!);
      controller.close();
      if (cache) refreshFindings(cache);
    },
  });
  return new Response(body, { headers: { "Content-Type": "text/plain; version=0.0.4; charset=utf-8" } });
}
