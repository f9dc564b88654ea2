/* eslint-disable @typescript-eslint/no-explicit-any */
// PSI and swap Summaries (tests/fixtures/psi, written from the upstream types; SOURCES.md) and the
// public v1.35 capture go through the engine: the psi and swap sections, and the not-reported cases.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { analyzeNode } from "@/lib/eviction";

import { fixture } from "./fixtures";

const psiFixture = (f: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, "fixtures", "psi", f), "utf8")) as Record<string, unknown>;
const node = (version: string, name = "n") => ({
  metadata: { name },
  status: { capacity: { memory: "8131028Ki", cpu: "2", pods: "29" }, nodeInfo: { kubeletVersion: version } },
});

describe("PSI fixtures", () => {
  it("v1.34 cgroup v2: node and pod PSI reported with every figure, swap with and without limits", () => {
    const summary = psiFixture("kubelet-1.34-cgroupv2-psi-swap.json");
    const out = analyzeNode({ node: node("v1.34.2"), summary });
    expect(out.psi!.node).toMatchObject({
      reported: true,
      memory: { some: { avg10: 25.4, avg60: 12.1, avg300: 4.4, total: 198765432 }, full: { avg10: 12.8 } },
    });
    const leak = out.psi!.pods.find((p) => p.name.startsWith("report-worker"))!;
    expect(leak.psi).toMatchObject({ reported: true, memory: { full: { avg60: 9.33 } }, io: { some: { avg10: 0.12 } } });
    // a pod whose memory counters are all 0 on a node with PSI: a real zero, reported as such
    const quiet = out.psi!.pods.find((p) => p.name.startsWith("checkout"))!;
    expect(quiet.psi).toMatchObject({ reported: true, memory: { some: { avg10: 0, total: 0 } } });
    expect(out.swap).toEqual({
      node: { usageBytes: 90177536, availableBytes: 2057306112 },
      pods: [
        { namespace: "default", name: leak.name, uid: leak.uid, usageBytes: 52428800, availableBytes: 16777216 },
        { namespace: "shop", name: quiet.name, uid: quiet.uid, usageBytes: 0, availableBytes: 138412032 },
        {
          namespace: "cache",
          name: "memcached-0",
          uid: "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
          usageBytes: 0,
          availableBytes: 0,
        },
      ],
      evictionCountsSwap: false,
    });
  });

  it("swap changes no signal: memory.available is capacity − working set, as the kubelet reads it", () => {
    const summary = psiFixture("kubelet-1.34-cgroupv2-psi-swap.json") as {
      node: { memory: { availableBytes: number }; swap: { swapUsageBytes: number } };
    };
    const before = analyzeNode({ summary }).signals;
    summary.node.swap.swapUsageBytes = 4 * 2 ** 30;
    expect(analyzeNode({ summary }).signals).toEqual(before);
    expect(before.find((s) => s.signal === "memory.available")!.available).toBe(summary.node.memory.availableBytes);
  });

  it("v1.34 on cgroup v1: all-zero counters are not reported, with kubernetes#136333 in the reason", () => {
    const out = analyzeNode({ node: node("v1.34.2"), summary: psiFixture("kubelet-1.34-cgroupv1-all-zero.json") });
    expect(out.psi!.node).toMatchObject({ reported: false, cause: "all-zero" });
    expect(out.psi!.node.reported === false && out.psi!.node.reason).toMatch(/#136333/);
    for (const p of out.psi!.pods) expect(p.psi).toMatchObject({ reported: false, cause: "all-zero" });
    expect(out.swap!.pods.every((p) => p.usageBytes === 0 && p.availableBytes === null)).toBe(true);
  });

  it("v1.33 without the gate: not reported, because of the gate; swap still there", () => {
    const out = analyzeNode({ node: node("v1.33.1-eks-7308294"), summary: psiFixture("kubelet-1.33-gate-off.json") });
    expect(out.psi!.node).toEqual({
      reported: false,
      cause: "feature-gate",
      reason: "the KubeletPSI feature gate is off (alpha in 1.33, off by default)",
    });
    expect(out.psi!.pods.map((p) => p.psi.reported)).toEqual([false, false]);
    expect(out.swap!.node).toEqual({ usageBytes: 0, availableBytes: 0 });
  });

  it("the reason follows the kubelet's version and its KubeletPSI gate", () => {
    const summary = psiFixture("kubelet-1.33-gate-off.json");
    const cause = (doc: Record<string, unknown>) => {
      const r = analyzeNode({ summary, ...doc }).psi!.node;
      return r.reported ? "reported" : `${r.cause}: ${r.reason}`;
    };
    expect(cause({ node: node("v1.28.15") })).toBe(
      "kubelet-version: kubelet v1.28.15 predates PSI in the Summary API (added in 1.33, KEP-4205)",
    );
    expect(cause({ node: node("v1.34.1"), featureGates: { KubeletPSI: false } })).toMatch(/^feature-gate: .*turned off/);
    expect(cause({ node: node("v1.34.1"), kubeletFlags: "--feature-gates=Foo=true,KubeletPSI=false" })).toMatch(/^feature-gate/);
    expect(cause({ node: node("v1.33.1"), kubeletConfig: { kubeletconfig: { featureGates: { KubeletPSI: true } } } })).toMatch(
      /^not-in-summary: .*cgroup v1/,
    );
    expect(cause({})).toMatch(/^not-in-summary: the Summary has no PSI/);
  });

  it("the public v1.35 capture (nri-minikube) has node PSI and swap", () => {
    const out = analyzeNode({ summary: fixture("summary/nri-minikube-1.35.json") });
    expect(out.psi!.node.reported).toBe(true);
    expect(out.swap!.node).toEqual({ usageBytes: 0, availableBytes: 1073737728 });
  });

  it("without a Summary there is no psi or swap section", () => {
    expect(Object.keys(analyzeNode({ node: node("v1.34.2") }))).not.toContain("psi");
  });
});

describe("malformed PSI and swap", () => {
  const base = () =>
    psiFixture("kubelet-1.34-cgroupv2-psi-swap.json") as { node: Record<string, any>; pods: Array<Record<string, any>> };
  it.each([
    [
      (s: ReturnType<typeof base>) => (s.node.memory.psi.some.avg10 = "high"),
      'summary.node.memory.psi.some.avg10: must be a number, got "high"',
    ],
    [
      (s: ReturnType<typeof base>) => (s.pods[1]!.io.psi.full.total = -5),
      "summary.pods[1].io.psi.full.total: must not be negative, got -5",
    ],
    [(s: ReturnType<typeof base>) => (s.pods[0]!.cpu.psi = [1]), "summary.pods[0].cpu.psi: must be an object, got an array"],
    [
      (s: ReturnType<typeof base>) => (s.node.swap.swapUsageBytes = "1Gi"),
      'summary.node.swap.swapUsageBytes: must be a number, got "1Gi"',
    ],
    [(s: ReturnType<typeof base>) => (s.node.io = 3), "summary.node.io: must be an object, got a number"],
  ])("%#: names the field", (mutate, message) => {
    const s = base();
    mutate(s);
    expect(() => analyzeNode({ summary: s })).toThrow(message);
  });

  it("null psi and swap read as not reported, as the kubelet means by leaving them out", () => {
    const s = base();
    s.node.memory.psi = null;
    s.node.cpu.psi = null;
    s.node.io.psi = null;
    s.node.swap = null;
    const out = analyzeNode({ node: node("v1.34.2"), summary: s });
    expect(out.psi!.node.reported).toBe(false);
    expect(out.swap!.node).toBeNull();
  });
});
