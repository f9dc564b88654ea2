import { describe, expect, it } from "vitest";

import { podsThatNoLongerFit } from "@/lib/eviction";

import { analyzeNode } from "../eviction";
import { pod, podStats, summary } from "../eviction/testing";
import { concernsPods, nodeLevel, nodeOutcome, outcomeChanged } from "./outcome";

const MI = 1024 ** 2;
const GI = 1024 ** 3;

const web = pod({ name: "web", namespace: "default", priority: 100, requests: { memory: "2Gi" } });
const batch = pod({ name: "batch", namespace: "default", priority: 0, requests: { memory: "1Gi" } });
const greedy = pod({ name: "greedy", namespace: "default", requests: { memory: "256Mi" } }); // Burstable, uses 3Gi
const node = { metadata: { name: "n1" }, status: { capacity: { cpu: "4", memory: "8Gi", pods: "110" } } };
const stats = summary({
  memory: { available: "3Gi", workingSet: "5Gi" },
  podsMemory: { available: "3Gi", workingSet: "4Gi" },
  pods: [
    podStats(web, { workingSet: "512Mi" }),
    podStats(batch, { workingSet: "512Mi" }),
    podStats(greedy, { workingSet: "3Gi" }),
  ],
});
const doc = (whatIf: object = {}) => ({
  node,
  pods: [web, batch, greedy],
  summary: stats,
  kubeletConfig: { evictionHard: { "memory.available": "100Mi" } },
  whatIf,
});
const requested = 3 * GI + 256 * MI;

describe("nodeOutcome", () => {
  it("reports nothing changed for an empty what-if", () => {
    const o = nodeOutcome("n1", analyzeNode(doc()), analyzeNode(doc()), requested, 3, [web, batch, greedy]);
    expect(o).toMatchObject({
      pressureBefore: [],
      pressureAfter: [],
      metAfter: [],
      overBy: 0,
      pods: { noLongerFit: [], evictions: [] },
    });
    expect(outcomeChanged(o)).toBe(false);
    expect(concernsPods(o)).toBe(false);
  });

  it("names the evicted pod with its QoS, usage over request and what it frees", () => {
    const o = nodeOutcome(
      "n1",
      analyzeNode(doc()),
      analyzeNode(doc({ evictionHard: { "memory.available": "4Gi" } })),
      requested,
      3,
      [web, batch, greedy],
    );
    expect(o.pressureAfter).toEqual(["MemoryPressure"]);
    expect(o.metAfter).toContain("memory.available hard");
    expect(o.pods!.evictions[0]).toEqual({
      signal: "memory.available",
      recovered: true,
      pods: [{ namespace: "default", name: "greedy", qosClass: "Burstable", overRequest: 3 * GI - 256 * MI, reclaimed: 3 * GI }],
    });
    expect(outcomeChanged(o)).toBe(true);
    expect(concernsPods(o)).toBe(true);
  });

  it("lists the pods that no longer fit a smaller allocatable, lowest priority first, and leaves pods out without pod detail", () => {
    const next = analyzeNode(doc({ kubeReserved: { memory: "5Gi" } })); // allocatable 8Gi − 5Gi − 100Mi
    const o = nodeOutcome("n1", analyzeNode(doc()), next, requested, 3, [web, batch, greedy]);
    expect(o.allocatableAfter.memory).toBe(3 * GI - 100 * MI);
    expect(o.overBy).toBe(requested - (3 * GI - 100 * MI));
    expect(o.pods!.noLongerFit).toEqual([{ namespace: "default", name: "batch" }]);
    const compact = nodeOutcome("n1", analyzeNode(doc()), next, requested, 3);
    expect(compact.pods).toBeNull();
    expect(nodeLevel(compact)).toEqual(nodeLevel(o));
  });
});

describe("podsThatNoLongerFit", () => {
  it("takes pods by ascending priority until their requests cover the overshoot", () => {
    expect(
      podsThatNoLongerFit([web, batch, greedy], { memory: requested }, { memory: 2 * GI }).pods.map((p) => p.metadata?.name),
    ).toEqual(["batch", "greedy"]);
    expect(podsThatNoLongerFit([web, batch], { memory: GI }, { memory: 2 * GI })).toEqual({ over: 0, pods: [] });
  });
  it("skips pods that are not running", () => {
    const done = pod({ name: "done", priority: -1, requests: { memory: "4Gi" }, phase: "Succeeded" });
    expect(podsThatNoLongerFit([done, batch], { memory: 3 * GI }, { memory: 2 * GI }).pods.map((p) => p.metadata?.name)).toEqual([
      "batch",
    ]);
  });
});
