// /metrics from the shared cache: the per-node families, and the cost of a scrape at 5 000 nodes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { renderCacheMetrics } from "@/lib/k8s/metrics/exposition";
import type { ClusterCache } from "@/lib/k8s/store/cache";
import { startSim, type Sim } from "@/lib/sim";

import { cacheFor, until } from "./helpers";

describe("renderCacheMetrics", () => {
  let sim: Sim;
  let cache: ClusterCache;
  beforeAll(async () => {
    sim = await startSim({ scenario: "memory-pressure", bookmarkEveryMs: 200 });
    sim.advance(330);
    cache = cacheFor(sim, "least-privilege");
    expect(await cache.whenReady(15_000)).toBe(true);
  });
  afterAll(async () => {
    cache?.stop();
    await sim?.close();
  });

  it("exposes observed value, thresholds and margin per node and signal, conditions and collection health", () => {
    const text = renderCacheMetrics(cache);
    const node = sim.cluster.nodes[0]!.name;
    const value = (line: RegExp) => Number(text.match(line)?.[1]);
    const obs = value(
      new RegExp(`^headroom_signal_observed\\{node="${node.replace(/\./g, "\\.")}",signal="memory\\.available"\\} (\\S+)$`, "m"),
    );
    const thr = value(
      new RegExp(
        `^headroom_signal_threshold\\{node="${node.replace(/\./g, "\\.")}",signal="memory\\.available",kind="hard"\\} (\\S+)$`,
        "m",
      ),
    );
    const margin = value(
      new RegExp(
        `^headroom_signal_margin\\{node="${node.replace(/\./g, "\\.")}",signal="memory\\.available",kind="hard"\\} (\\S+)$`,
        "m",
      ),
    );
    expect(obs).toBeGreaterThan(0);
    expect(margin).toBeCloseTo(obs - thr, -3);
    for (const family of [
      "headroom_node_condition",
      "headroom_node_ready",
      "headroom_eviction_candidate_pods",
      "headroom_node_stats_age_seconds",
      "headroom_nodes",
      "headroom_cache_age_seconds",
      "headroom_cache_ready",
      "headroom_informer_synced",
      "headroom_collection_duration_seconds",
      "headroom_collection_errors_total",
      "headroom_collection_held_seconds_total",
      "headroom_collection_lag_seconds",
      "headroom_collection_threads_started_total",
    ]) {
      expect(text).toContain(`# TYPE ${family} `);
    }
    expect(text).toMatch(/^headroom_collection_duration_seconds_count [1-9]\d*$/m);
    expect(text).toMatch(/^headroom_cache_ready 1$/m);
    expect(text).toMatch(/^headroom_collection_held_seconds_total \d+(\.\d+)?$/m);
    // Summaries were collected through one collection thread that never had to be restarted.
    expect(text).toMatch(/^headroom_collection_threads_started_total 1$/m);
    expect(text).toMatch(new RegExp(`^headroom_node_condition\\{node="[^"]+",condition="MemoryPressure"\\} 1$`, "m"));
  });

  it("exports node PSI as counters in seconds, says which nodes report none, and swap in use", async () => {
    const text = renderCacheMetrics(cache);
    const [withPsi, zeros] = sim.cluster.nodes.map((n) => n.name.replace(/\./g, "\\."));
    const total = (node: string, r: string, k: string, from = text) =>
      Number(
        new RegExp(`^headroom_node_psi_seconds_total\\{node="${node}",resource="${r}",kind="${k}"\\} (\\S+)$`, "m").exec(
          from,
        )?.[1],
      );
    // the leaking node stalled on memory: a positive counter, `full` never above `some`
    expect(total(withPsi!, "memory", "some")).toBeGreaterThan(0);
    expect(total(withPsi!, "memory", "full")).toBeLessThanOrEqual(total(withPsi!, "memory", "some"));
    expect(text).toMatch(new RegExp(`^headroom_node_psi_reported\\{node="${withPsi}"\\} 1$`, "m"));
    // node 1 boots cgroup v1: its kubelet's all-zero PSI (kubernetes#136333) is not exported as zeros
    expect(text).toMatch(new RegExp(`^headroom_node_psi_reported\\{node="${zeros}"\\} 0$`, "m"));
    expect(text).not.toMatch(new RegExp(`^headroom_node_psi_seconds_total\\{node="${zeros}"`, "m"));
    expect(
      Number(new RegExp(`^headroom_node_swap_usage_bytes\\{node="${withPsi}"\\} (\\d+)$`, "m").exec(text)?.[1]),
    ).toBeGreaterThan(0);
    // a counter: a later collection never lowers it
    const before = total(withPsi!, "memory", "some");
    const state = cache.states.get(sim.cluster.nodes[0]!.name)!;
    const seq = state.summarySeq;
    sim.advance(20);
    // two collections: the first may have been asked for before the clock moved
    await until(() => state.summarySeq >= seq + 2, 10_000, "two more collections of the leaking node");
    expect(total(withPsi!, "memory", "some", renderCacheMetrics(cache))).toBeGreaterThanOrEqual(before);
  });

  // Its time is a benchmark figure (npm run bench, data layer: "/metrics scrape"), not a test.
  it("renders every node's families at 5 000 nodes", () => {
    const [name, state] = [...cache.states][0]!;
    const states = new Map(Array.from({ length: 5000 }, (_, i) => [`${name}-${i}`, state]));
    const big = Object.create(cache, { states: { value: states } }) as ClusterCache;
    const text = renderCacheMetrics(big);
    const lines = (family: string) => text.split("\n").filter((l) => l.startsWith(`${family}{`)).length;
    expect(lines("headroom_signal_margin")).toBeGreaterThanOrEqual(5000 * 5);
    // capacity only for signals with a threshold: one line per (node, signal) that has margins
    const withThresholds = new Set(
      text
        .split("\n")
        .filter((l) => l.startsWith("headroom_signal_margin{"))
        .map((l) => l.replace(/,kind="[^"]+"/, "").split(" ")[0]),
    ).size;
    expect(lines("headroom_signal_capacity")).toBe(withThresholds);
    expect(lines("headroom_node_ready")).toBe(5000);
  });
});
