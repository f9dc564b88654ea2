// Kubelets that answer with garbage: malformed JSON, absurd numbers, a body far past the 32 MiB
// cap, and a slow-loris trickle. Each unreadable node is marked failed with the reason, absurd
// numbers are analyzed as served, the other nodes stay current, and reading stops at the cap.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { buildOverview } from "@/lib/k8s/documents/overview";
import type { ManualClock } from "@/lib/k8s/io/clock";
import { renderCacheMetrics } from "@/lib/k8s/metrics/exposition";
import type { ClusterCache } from "@/lib/k8s/store/cache";
import { startSim, type Sim } from "@/lib/sim";

import { drive, manualCacheFor } from "./helpers";

const info = { context: "c", contexts: ["c"], demo: false };
const MiB = 1024 * 1024;
const CAP = 32 * MiB;

// Both ways of reaching a kubelet: directly (node's HTTPS client) and through the API server's node
// proxy (the collection thread's kept connections, lib/k8s/io/kept-connections.ts), which the
// simulated API server answers as a real one does, passing the kubelet's answer through.
describe.each([
  { mode: "direct" as const, scope: "least-privilege" },
  { mode: "proxy" as const, scope: "full" },
])("hostile kubelets ($mode)", ({ mode, scope }) => {
  let sim: Sim;
  let cache: ClusterCache;
  let clock: ManualClock;
  let names: string[];
  let hugeRule: number;
  beforeAll(async () => {
    sim = await startSim({ scenario: "mixed-pools", bookmarkEveryMs: 200 });
    names = sim.cluster.nodes.map((n) => n.name);
    const [huge, slow, garbled, absurd] = names;
    hugeRule = sim.faults.add({ target: "kubelet", nodes: [huge!], kind: "huge", ms: 1024 * MiB, paths: ["/stats"] });
    sim.faults.add({ target: "kubelet", nodes: [slow!], kind: "slowloris", ms: 50 });
    sim.faults.add({ target: "kubelet", nodes: [garbled!], kind: "malformed", paths: ["/stats"] });
    sim.faults.add({ target: "kubelet", nodes: [absurd!], kind: "absurd", paths: ["/stats"] });
  });
  afterAll(async () => {
    cache?.stop();
    await sim?.close();
  });

  it("marks each unreadable node failed with its reason, analyzes absurd numbers as served, keeps the rest current, and stops reading at the cap", async () => {
    ({ cache, clock } = manualCacheFor(sim, scope, {
      mode,
      kubeletTimeoutMs: 2000,
      summaryIntervalMs: 400,
      concurrency: 4,
    }));
    const [huge, slow, garbled, absurd, ...healthy] = names;
    const rows = () => new Map(buildOverview(cache, info).nodes.map((r) => [r.name, r]));
    const seq = (n: string) => cache.states.get(n)?.summarySeq ?? 0;
    // The slow-loris and the huge kubelet hold a slot for real time (the 2 s deadline, a 32 MiB
    // read, kept apart so a loaded machine cannot turn one into the other); the clock moves
    // meanwhile. Done: the first pass (every node tried once) and the healthy ones collected twice.
    await drive(cache, clock, () => cache.ready() && healthy.every((n) => seq(n) >= 2), "first pass", { hung: 2 });
    const r = rows();
    expect(r.get(huge!)!.collection).toMatchObject({
      state: "failed",
      error: `bad data: kubelet summary larger than ${CAP} bytes`,
    });
    expect(r.get(slow!)!.collection.error).toBe("timeout after 2s");
    expect(r.get(garbled!)!.collection.error).toMatch(/^bad data: kubelet summary is not valid JSON/);
    // Absurd numbers (negative bytes, 2^64 counters) are still numbers: the node is analyzed from
    // them as served (the engine clamps nothing), so the operator sees the kubelet's nonsense
    // rather than a guess, and the memory signal is below every threshold.
    const a = r.get(absurd!)!;
    expect(a.collection).toMatchObject({ state: "ok", error: null });
    expect(a.observations["memory.available"]!.available).toBe(-(2 ** 63));
    expect(a.observations["nodefs.available"]!.available).toBe(-1);
    expect(a.worstMargin.memory).toMatchObject({ signal: "memory.available", kind: "hard", met: true });
    for (const name of healthy) expect(r.get(name)!.collection).toMatchObject({ state: "ok", error: null });
    // 1 GiB offered on every attempt: the reader hung up at the cap, so per attempt the huge
    // kubelet wrote at most the cap plus what socket buffers take in before the reset.
    const attempts = sim.faults.hits(hugeRule);
    expect(attempts).toBeGreaterThanOrEqual(1);
    expect(sim.faults.bytesSent(hugeRule) / attempts).toBeLessThan(CAP + 8 * MiB);
    expect(cache.states.get(huge!)!.summary).toBeNull();
    // /metrics still renders, with finite or ±Inf values only
    const text = renderCacheMetrics(cache);
    expect(text).toMatch(/^headroom_nodes\{state="failed"\} 3$/m);
    expect(text).not.toMatch(/ NaN$/m);
    expect(text).toMatch(/^headroom_collection_errors_total [1-9]\d*$/m);
  }, 40_000);
});
