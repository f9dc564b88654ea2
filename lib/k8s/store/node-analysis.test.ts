import { describe, expect, it } from "vitest";

import { analyzeNode } from "@/lib/eviction";
import { Gi, Mi, pod, podStats, summary } from "@/lib/eviction/testing";

import { NodeAnalysis } from "./node-analysis";
import { packSummary } from "./stored-summary";
import { engineInput, type NodeConfig } from "./to-engine";
import { trimSummary, type TrimmedNode, type TrimmedPod } from "./trim";

const node: TrimmedNode = {
  metadata: { name: "n1", labels: {} },
  status: { capacity: { memory: "8Gi", pods: "110" }, allocatable: { memory: "7Gi", pods: "110" } },
};
const config: NodeConfig = {
  source: "configz",
  kubeletConfig: { evictionHard: { "memory.available": "500Mi" } },
  kubeletFlags: null,
};
const pods = ["a", "b"].map(
  (n, i) => pod({ name: n, namespace: "ns", requests: { memory: `${(i + 1) * 256}Mi` } }) as TrimmedPod,
);
const raw = summary({
  memory: { available: 900 * Mi, workingSet: 7 * Gi },
  pods: pods.map((p, i) => podStats(p, { workingSet: (i + 1) * 300 * Mi })),
});
const stored = packSummary(trimSummary(raw));

describe("NodeAnalysis", () => {
  it("gives analyzeNode's answer for the node, its pods, its config and its stored Summary", () => {
    const got = new NodeAnalysis().run(node, pods, config, stored);
    expect(got).toEqual(analyzeNode(engineInput(node, pods, raw, config)));
    expect(got.signals.find((s) => s.signal === "memory.available")!.available).toBe(900 * Mi);
  });

  it("validates the node, its pods and its config again when one of them is another object", () => {
    const analysis = new NodeAnalysis();
    const broken = pod({ name: "c", namespace: "ns", requests: { memory: "lots" } }) as TrimmedPod;
    expect(() => analysis.run(node, [...pods, broken], config, stored)).toThrow(/pods\[2\].*memory/);
    expect(analysis.run(node, pods, config, stored).signals.length).toBeGreaterThan(0);
    const badConfig: NodeConfig = { ...config, kubeletConfig: { evictionHard: { "memory.available": "-5" } } };
    expect(() => analysis.run(node, pods, badConfig, stored)).toThrow(/evictionHard/);
    const badNode = { ...node, status: { ...node.status, capacity: { memory: "eight" } } };
    expect(() => analysis.run(badNode, pods, config, stored)).toThrow(/node\.status\.capacity/);
    expect(analysis.run(node, pods, config, stored)).toEqual(new NodeAnalysis().run(node, pods, config, stored));
  });

  it("sends a Summary the engine rejected through analyzeNode, so the node names the field", () => {
    const bad = trimSummary(raw);
    (bad.pods[1]!.memory as Record<string, unknown>).workingSetBytes = "x";
    const invalid = packSummary(bad);
    expect(invalid.invalid).toBeDefined();
    expect(() => new NodeAnalysis().run(node, pods, config, invalid)).toThrow(/summary\.pods\[1\]\.memory\.workingSetBytes/);
  });
});
