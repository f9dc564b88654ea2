// Shared set-up for the data-layer integration tests: a sim on loopback and a cache wired to it.
import { type CacheOptions, ClusterCache } from "@/lib/k8s/cache";
import { ClusterClient, loadKubeConfig } from "@/lib/k8s/client";
import type { CollectorSettings } from "@/lib/k8s/env";
import type { Sim } from "@/lib/sim";

export const FAST: CollectorSettings = {
  mode: "direct", summaryIntervalMs: 500, configzIntervalMs: 60_000, historySeconds: 60, concurrency: 8,
  kubeletTimeoutMs: 1000, kubeletInsecureSkipVerify: false,
};

/** A started cache against the sim with the given identity and settings. */
export function cacheFor(sim: Sim, scope = "full", settings: Partial<CollectorSettings> = {}, options: Pick<CacheOptions, "mayRun"> = {}): ClusterCache {
  const client = new ClusterClient(loadKubeConfig({ kind: "text", yaml: sim.kubeconfigFor(scope) }));
  const cache = new ClusterCache({ client, settings: { ...FAST, ...settings }, profiles: [], demo: false, now: () => sim.clock.now(), ...options });
  cache.start();
  return cache;
}

/** Polls until `check` holds (wall clock). */
export async function until(check: () => boolean, timeoutMs = 10_000, what = "condition"): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
