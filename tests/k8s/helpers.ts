// Shared set-up for the data-layer integration tests: a sim on loopback and a cache wired to it.
import { ClusterClient, loadKubeConfig } from "@/lib/k8s/io/client";
import { fixedRandom, ManualClock } from "@/lib/k8s/io/clock";
import type { CollectorSettings } from "@/lib/k8s/io/env";
import { ClusterCache, type CacheOptions } from "@/lib/k8s/store/cache";
import type { Sim } from "@/lib/sim";

export const FAST: CollectorSettings = {
  mode: "direct",
  summaryIntervalMs: 500,
  configzIntervalMs: 60_000,
  historySeconds: 60,
  concurrency: 8,
  kubeletTimeoutMs: 1000,
  kubeletInsecureSkipVerify: false,
};

/** A started cache against the sim with the given identity and settings. */
export function cacheFor(
  sim: Sim,
  scope = "full",
  settings: Partial<CollectorSettings> = {},
  options: Pick<CacheOptions, "mayRun" | "clock" | "random"> = {},
): ClusterCache {
  const client = new ClusterClient(loadKubeConfig({ kind: "text", yaml: sim.kubeconfigFor(scope) }));
  const cache = new ClusterCache({
    client,
    settings: { ...FAST, ...settings },
    profiles: [],
    demo: false,
    now: () => sim.clock.now(),
    ...options,
  });
  cache.start();
  return cache;
}

/**
 * A started cache whose own clock only the test moves (`drive`), with jitter fixed at 0, so each
 * kubelet is asked exactly every `summaryIntervalMs` of that clock. The sim's cluster clock is
 * separate and stays where the test puts it.
 */
export function manualCacheFor(
  sim: Sim,
  scope = "full",
  settings: Partial<CollectorSettings> = {},
  options: Pick<CacheOptions, "mayRun"> = {},
): { cache: ClusterCache; clock: ManualClock } {
  const clock = new ManualClock();
  return { cache: cacheFor(sim, scope, settings, { clock, random: fixedRandom(0.5), ...options }), clock };
}

/** Polls until `check` holds (wall clock): waiting for I/O, never for time to pass. */
export async function until(check: () => boolean, timeoutMs = 10_000, what = "condition"): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Moves the cache's manual clock `stepMs` at a time until `check` holds. After each step it waits
 * (on real I/O) until at most `hung` kubelet requests are still out, so every answer lands at the
 * clock time it was asked for: ages and schedules come out exact, whatever the machine's load.
 * Returns the clock time spent.
 */
export async function drive(
  cache: ClusterCache,
  clock: ManualClock,
  check: () => boolean,
  what: string,
  { stepMs = 50, hung = 0, timeoutMs = 20_000 } = {},
): Promise<number> {
  const start = clock.now();
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what} (clock moved ${clock.now() - start} ms)`);
    clock.advance(stepMs);
    await until(() => cache.collector.busyNodes <= hung, end - Date.now(), `kubelet answers (${what})`);
    await new Promise((r) => setTimeout(r, 1));
  }
  return clock.now() - start;
}
