// /metrics written into one buffer (round five) says exactly what the string renderer said before
// it (metrics-reference.ts, kept verbatim): the same lines in the same order, on a simulated fleet
// of 600 nodes (2 MiB of text: past the writer's first 1 MiB buffer, so its growth is covered) and on the scenarios that carry every family (pressure, forecasts, findings, PSI,
// swap, evictions), at several moments as the clusters move. Only the gauges the collector reads
// from the wall clock at render time may differ between two renders a moment apart.
import { afterAll, describe, expect, it } from "vitest";

import { fleetFindings } from "@/lib/k8s/documents/findings";
import { renderCacheMetrics, renderCacheMetricsBytes } from "@/lib/k8s/metrics/exposition";
import type { ClusterCache } from "@/lib/k8s/store/cache";
import { startSim, type Sim } from "@/lib/sim";

import { cacheFor, until } from "./helpers";
import { renderCacheMetricsBefore } from "./metrics-reference";

const WALL_CLOCK = /^headroom_collection_(lag_seconds|held_seconds_total) /;

/** Renders with both at the same instant and the same advisor pass; fails naming the first line that differs. */
function compare(cache: ClusterCache): { lines: number; families: Set<string> } {
  fleetFindings(cache, 0); // one fresh pass, read by both (the old renderer redoes one over 5 s old)
  const wallNow = cache.clock.now();
  const before = renderCacheMetricsBefore(cache, wallNow).split("\n");
  const now = renderCacheMetrics(cache, wallNow).split("\n");
  for (let i = 0; i < Math.max(before.length, now.length); i++) {
    const [a, b] = [before[i], now[i]];
    if (a === b || (a && b && WALL_CLOCK.test(a) && a.split(" ")[0] === b.split(" ")[0])) continue;
    expect({ line: i + 1, now: b }).toEqual({ line: i + 1, now: a });
  }
  const families = new Set(now.filter((l) => l && !l.startsWith("#")).map((l) => l.split(/[{ ]/)[0]!));
  return { lines: now.length, families };
}

const sims: Sim[] = [];
const caches: ClusterCache[] = [];
afterAll(async () => {
  for (const c of caches) c.stop();
  await Promise.all(sims.map((s) => s.close()));
});

async function started(
  scenario: string,
  { params, advance = 330, intervalMs = 1000 }: { params?: Record<string, number>; advance?: number; intervalMs?: number } = {},
): Promise<{ sim: Sim; cache: ClusterCache }> {
  const sim = await startSim({ scenario, params });
  sims.push(sim);
  sim.advance(advance);
  const cache = cacheFor(sim, "full", { concurrency: 32, summaryIntervalMs: intervalMs });
  caches.push(cache);
  expect(await cache.whenReady(240_000)).toBe(true);
  return { sim, cache };
}

/** Moves the cluster on and waits until every node's row was recomputed from a new Summary. */
async function nextCycle(sim: Sim, cache: ClusterCache, seconds: number): Promise<void> {
  const seqs = new Map([...cache.states].map(([n, s]) => [n, s.summarySeq]));
  sim.advance(seconds);
  await until(
    () => [...cache.states].every(([n, s]) => s.summarySeq > seqs.get(n)! && !s.dirty),
    180_000,
    "every node collected again",
  );
}

describe("/metrics from one buffer, against the string renderer it replaced", () => {
  it("writes the same text for 600 nodes, a collection cycle apart", async () => {
    const params = { nodes: 600, deployments: 50, replicas: 10 };
    const { sim, cache } = await started("large", { params, intervalMs: 5000 });
    for (let cycle = 0; cycle < 2; cycle++) {
      if (cycle) await nextCycle(sim, cache, 10);
      const { lines } = compare(cache);
      expect(lines).toBeGreaterThan(600 * 30);
      expect(renderCacheMetricsBytes(cache).length).toBeGreaterThan(1 << 20);
    }
  }, 600_000);

  it("writes the same text on the scenarios with pressure, forecasts, findings, PSI and swap", async () => {
    const seen = new Set<string>();
    // memory-pressure from 270 s: its leaking node counts down a grace period (a next eviction)
    for (const [scenario, advance] of [
      ["memory-pressure", 270],
      ["misconfigured", 330],
      ["mixed-pools", 330],
      ["disk-pressure", 330],
      ["oom-loop", 330],
    ] as const) {
      const { sim, cache } = await started(scenario, { advance });
      for (let cycle = 0; cycle < 3; cycle++) {
        if (cycle) await nextCycle(sim, cache, 10);
        for (const f of compare(cache).families) seen.add(f);
      }
    }
    // every per-node family had lines somewhere, so each was compared with values in it
    for (const family of [
      "headroom_signal_observed",
      "headroom_signal_threshold",
      "headroom_signal_margin",
      "headroom_config_finding",
      "headroom_signal_capacity",
      "headroom_node_condition",
      "headroom_node_ready",
      "headroom_eviction_candidate_pods",
      "headroom_node_next_eviction_seconds",
      "headroom_node_stats_age_seconds",
      "headroom_node_collection_state",
      "headroom_node_psi_seconds_total",
      "headroom_node_psi_reported",
      "headroom_node_swap_usage_bytes",
    ])
      expect(seen, family).toContain(family);
  }, 240_000);

  it("gives each render a buffer of its own", async () => {
    const { cache } = caches.length ? { cache: caches[0]! } : await started("memory-pressure");
    const first = renderCacheMetricsBytes(cache);
    const copy = Buffer.from(first);
    renderCacheMetricsBytes(cache);
    expect(first.equals(copy)).toBe(true);
  });
});
