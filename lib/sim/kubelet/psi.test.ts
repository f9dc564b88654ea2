// The simulated kubelets' PSI: the kernel-style averages and counters, who reports it, and a stall
// that rises as the leaking pod takes node memory toward the hard threshold; kubectl reads it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Summary } from "../../eviction";
import { startSim, type Sim } from "../sim";
import { kubectlFor, requireKubectl } from "../testing";
import { memoryDepth, psiGateOn, PsiTrack, type Rates } from "./psi";

const rates = (memSome: number): Rates => [0.3, 0, memSome, memSome / 2, 0.1, 0.05];

describe("PsiTrack", () => {
  it("totals integrate the stall in µs and never go down; the averages are the kernel's EMAs", () => {
    const t = new PsiTrack();
    t.advance(0, rates(0), 100);
    t.advance(10_000, rates(50), 100); // 10 s at 50 %: 5 s of stall
    const a = t.stats(1);
    expect(a.some.total).toBe(5_000_000);
    // closed form of the kernel's 2 s updates for a constant input: p·(1 − e^(−Δ/W))
    expect(a.some.avg10).toBeCloseTo(50 * (1 - Math.exp(-1)), 1);
    expect(a.some.avg60).toBeCloseTo(50 * (1 - Math.exp(-10 / 60)), 1);
    expect(a.some.avg10).toBeGreaterThan(a.some.avg60);
    expect(a.some.avg60).toBeGreaterThan(a.some.avg300);
    t.advance(20_000, rates(0), 100);
    const b = t.stats(1);
    expect(b.some.total).toBe(a.some.total); // no stall, no growth
    expect(b.some.avg10).toBeLessThan(a.some.avg10); // decays
    t.advance(15_000, rates(90), 100); // an older time changes nothing
    expect(t.stats(1)).toEqual(b);
  });

  it("memory depth is 0 well above the threshold and 1 at it", () => {
    const l = { memCapacity: 8e9, memThreshold: 3e8, nodefsUsedFraction: 0.5, cpuUsedFraction: 0.2 };
    expect(memoryDepth({ ...l, memAvailable: 4e9 })).toBe(0);
    expect(memoryDepth({ ...l, memAvailable: 3e8 })).toBe(1);
  });
});

describe("KubeletPSI gate by version", () => {
  it.each([
    ["v1.28.15", {}, false],
    ["v1.33.1-eks-7308294", {}, false],
    ["v1.33.1-eks-7308294", { featureGates: { KubeletPSI: true } }, true],
    ["v1.34.1-gke.1829001", {}, true],
    ["v1.34.1", { featureGates: { KubeletPSI: false } }, false],
    ["v1.36.0", { featureGates: { KubeletPSI: false } }, true],
  ])("%s %j → %s", (version, config, on) => {
    expect(psiGateOn(version, config)).toBe(on);
  });
});

describe("memory-pressure scenario", () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim({ scenario: "memory-pressure" });
  });
  afterAll(() => sim?.close());

  it("memory PSI rises as the leak takes node 0 toward its threshold; node 1 (cgroup v1) reports zeros", () => {
    const sample = () => sim.cluster.summary(sim.cluster.nodes[0]!) as Summary;
    const seen: Array<{ available: number; some: number; full: number; total: number }> = [];
    for (let t = 0; t < 290; t += 10) {
      sim.advance(10);
      const n = sample().node!;
      seen.push({
        available: n.memory!.availableBytes!,
        some: n.memory!.psi!.some!.avg10!,
        full: n.memory!.psi!.full!.avg10!,
        total: n.memory!.psi!.some!.total!,
      });
    }
    const early = seen[10]!;
    const late = seen.at(-1)!;
    expect(late.available).toBeLessThan(early.available);
    expect(early.some).toBeLessThan(1);
    expect(late.some).toBeGreaterThan(20);
    expect(late.full).toBeGreaterThan(0);
    expect(late.full).toBeLessThan(late.some);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.total).toBeGreaterThanOrEqual(seen[i - 1]!.total);
    const zeros = sim.cluster.summary(sim.cluster.nodes[1]!) as Summary;
    expect(zeros.node!.memory!.psi).toEqual({
      full: { total: 0, avg10: 0, avg60: 0, avg300: 0 },
      some: { total: 0, avg10: 0, avg60: 0, avg300: 0 },
    });
    expect(zeros.pods!.every((p) => p.cpu!.psi!.some!.total === 0)).toBe(true);
  });

  it("the leaking pod stalls more than the others and swaps within its LimitedSwap share", () => {
    const s = sim.cluster.summary(sim.cluster.nodes[0]!) as Summary;
    const leak = s.pods!.find((p) => p.podRef.name.startsWith("report-worker"));
    const others = s.pods!.filter((p) => p !== leak);
    if (leak) for (const o of others) expect(leak.memory!.psi!.some!.avg10!).toBeGreaterThanOrEqual(o.memory!.psi!.some!.avg10!);
    const burstable = s.pods!.find((p) => p.podRef.name.startsWith("checkout"))!;
    expect(burstable.swap!.swapUsageBytes! + burstable.swap!.swapAvailableBytes!).toBeGreaterThan(0);
    const guaranteed = s.pods!.find((p) => p.podRef.name.startsWith("cache"))!;
    expect(guaranteed.swap).toMatchObject({ swapUsageBytes: 0, swapAvailableBytes: 0 });
    const used = s.pods!.reduce((a, p) => a + p.swap!.swapUsageBytes!, 0);
    expect(s.node!.swap!.swapUsageBytes).toBeGreaterThanOrEqual(used);
  });

  it("kubectl get --raw …/proxy/stats/summary shows psi on the node, pods and containers", async () => {
    requireKubectl();
    const node = sim.cluster.nodes[0]!;
    const r = await kubectlFor(sim.kubeconfigYaml).run(["get", "--raw", `/api/v1/nodes/${node.name}/proxy/stats/summary`]);
    const s = JSON.parse(r.stdout) as Summary & {
      pods: Array<{ containers: Array<{ memory: { psi?: unknown }; io?: { psi?: unknown } }> }>;
    };
    for (const stats of [s.node!, ...s.pods, ...s.pods.flatMap((p) => p.containers)] as Array<{
      cpu?: { psi?: unknown };
      memory?: { psi?: unknown };
      io?: { psi?: unknown };
    }>) {
      expect(stats.cpu?.psi).toMatchObject({
        some: { total: expect.any(Number), avg10: expect.any(Number), avg60: expect.any(Number), avg300: expect.any(Number) },
        full: expect.any(Object),
      });
      expect(stats.memory?.psi).toBeDefined();
      expect(stats.io?.psi).toBeDefined();
    }
  });
});

describe("demo scenario", () => {
  it("the kubeadm pool's 1.28 kubelets send no PSI but swap; GKE (1.33, gate on) sends PSI", async () => {
    const sim = await startSim({ scenario: "demo" });
    try {
      const kubeadm = sim.cluster.summary(sim.cluster.nodes.find((n) => n.pool.name === "kubeadm")!) as Summary;
      expect(kubeadm.node!.memory!.psi).toBeUndefined();
      expect(kubeadm.node!.io).toBeUndefined();
      expect(kubeadm.node!.swap!.swapAvailableBytes).toBeGreaterThan(0);
      const gke = sim.cluster.summary(sim.cluster.nodes.find((n) => n.pool.name === "gke-default")!) as Summary;
      expect(gke.node!.memory!.psi!.some!.total).toBeGreaterThan(0);
    } finally {
      await sim.close();
    }
  });
});
