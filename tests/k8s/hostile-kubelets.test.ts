// Kubelets that answer with garbage: malformed JSON, absurd numbers, a body far past the 32 MiB
// cap, and a slow-loris trickle. Each such node is marked failed (or analyzed from what is
// sane), the other nodes stay current, and the process stays healthy with bounded memory.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClusterCache } from "@/lib/k8s/cache";
import { renderCacheMetrics } from "@/lib/k8s/metrics";
import { buildOverview } from "@/lib/k8s/overview";
import { type Sim, startSim } from "@/lib/sim";
import { cacheFor } from "./helpers";

const info = { context: "c", contexts: ["c"], demo: false };
const MiB = 1024 * 1024;

describe("hostile kubelets", () => {
  let sim: Sim;
  let cache: ClusterCache;
  let names: string[];
  beforeAll(async () => {
    sim = await startSim({ scenario: "mixed-pools", bookmarkEveryMs: 200 });
    names = sim.cluster.nodes.map((n) => n.name);
    const [huge, slow, garbled, absurd] = names;
    sim.faults.add({ target: "kubelet", nodes: [huge!], kind: "huge", ms: 1024 * MiB, paths: ["/stats"] });
    sim.faults.add({ target: "kubelet", nodes: [slow!], kind: "slowloris", ms: 50 });
    sim.faults.add({ target: "kubelet", nodes: [garbled!], kind: "malformed", paths: ["/stats"] });
    sim.faults.add({ target: "kubelet", nodes: [absurd!], kind: "absurd", paths: ["/stats"] });
  });
  afterAll(async () => {
    cache?.stop();
    await sim?.close();
  });

  it("marks each broken node failed, keeps the rest current, and memory bounded", async () => {
    // Resident memory: bodies are read and parsed in the collection thread, whose heap and
    // buffers the main thread's heap statistics do not count.
    const used = () => process.memoryUsage().rss;
    const base = used();
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, used())), 10);
    cache = cacheFor(sim, "least-privilege", { kubeletTimeoutMs: 1500, summaryIntervalMs: 400, concurrency: 4 });
    expect(await cache.whenReady(20_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 2500));
    clearInterval(sampler);
    const rows = new Map(buildOverview(cache, info).nodes.map((r) => [r.name, r]));
    const [huge, slow, garbled, absurd, ...healthy] = names;
    expect(rows.get(huge!)!.collection).toMatchObject({ state: "failed" });
    expect(rows.get(huge!)!.collection.error).toBe(`bad data: kubelet summary larger than ${32 * MiB} bytes`);
    expect(rows.get(slow!)!.collection.error).toMatch(/^timeout after 1.5s/);
    expect(rows.get(garbled!)!.collection.error).toMatch(/^bad data: kubelet summary is not valid JSON/);
    // absurd numbers: either analyzed (the engine clamps nothing, but must not crash) or failed as bad data
    const a = rows.get(absurd!)!.collection;
    expect(a.state === "failed" ? a.error : "analyzed").toMatch(/^(analyzed|bad data)/);
    for (const name of healthy) expect(rows.get(name)!.collection.state).toBe("ok");
    // 1 GiB offered on every attempt; reading stops at the 32 MiB cap (the rest of the growth is
    // garbage not yet collected and the healthy nodes' Summaries)
    expect(peak - base).toBeLessThan(256 * MiB);
    // /metrics still renders, with finite or ±Inf values only
    const text = renderCacheMetrics(cache);
    expect(text).toMatch(/^headroom_nodes\{state="failed"\} [3-4]$/m);
    expect(text).not.toMatch(/ NaN$/m);
    expect(text).toMatch(/^headroom_collection_errors_total [1-9]\d*$/m);
  }, 40_000);
});
