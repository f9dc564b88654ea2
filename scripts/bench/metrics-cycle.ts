// For the /metrics benches: waits until the cache looks as a real scrape 15–60 s after the last one
// finds it, every node's row recomputed from a Summary newer than at the previous call.
import type { ClusterCache } from "../../lib/k8s/store/cache";

const seen = new WeakMap<ClusterCache, Map<string, number>>();

/**
 * Resolves once every node's Summary sequence moved past the one it had at the previous call and
 * its row was recomputed since (or after three collection intervals); returns the fraction of
 * nodes that changed.
 */
export async function waitForNewRows(cache: ClusterCache): Promise<number> {
  const last = seen.get(cache) ?? new Map([...cache.states].map(([n, s]) => [n, s.summarySeq]));
  const end = Date.now() + 3 * cache.settings.summaryIntervalMs;
  const fresh = () => {
    let n = 0;
    for (const [name, s] of cache.states) if (s.summarySeq > (last.get(name) ?? -1) && !s.dirty) n++;
    return n / Math.max(1, cache.states.size);
  };
  while (fresh() < 1 && Date.now() < end) await new Promise((r) => setTimeout(r, 250));
  const share = fresh();
  seen.set(cache, new Map([...cache.states].map(([n, s]) => [n, s.summarySeq])));
  return share;
}
