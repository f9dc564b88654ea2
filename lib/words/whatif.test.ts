import { describe, expect, it } from "vitest";

import type { NodeOutcome } from "../whatif/outcome";
import { whatIfVerdict } from "./whatif";

const MI = 1024 ** 2;
const GI = 1024 ** 3;

function outcome(node: string, o: Partial<NodeOutcome> = {}): NodeOutcome {
  return {
    node,
    podCount: 10,
    pressureBefore: [],
    pressureAfter: [],
    metBefore: [],
    metAfter: [],
    allocatableBefore: { memory: 8 * GI },
    allocatableAfter: { memory: 7 * GI },
    requestedMemory: 2 * GI,
    overBy: 0,
    pods: null,
    ...o,
  };
}

const pool = { nodes: 4, pods: 31, single: false };
const one = { nodes: 1, pods: 31, single: true };

describe("whatIfVerdict", () => {
  it("says all pods fit and no node comes under pressure", () => {
    expect(whatIfVerdict([outcome("a")], pool)).toEqual({
      tone: "ok",
      sentences: ["All 31 pods still fit; no node comes under pressure."],
    });
    expect(whatIfVerdict([], one).sentences).toEqual(["All 31 pods still fit; this node does not come under pressure."]);
  });

  it("names the pods that no longer fit and their nodes", () => {
    const a = outcome("a", {
      overBy: 300 * MI,
      pods: {
        noLongerFit: [
          { namespace: "default", name: "web-1" },
          { namespace: "default", name: "web-2" },
        ],
        evictions: [],
      },
    });
    const b = outcome("b", { overBy: 100 * MI, pods: { noLongerFit: [{ namespace: "batch", name: "job-9" }], evictions: [] } });
    expect(whatIfVerdict([a, b], pool)).toEqual({
      tone: "warn",
      sentences: ["3 pods no longer fit on 2 nodes: default/web-1, default/web-2 and batch/job-9; no node comes under pressure."],
    });
  });

  it("counts the overshoot per node when the pods are not loaded", () => {
    const v = whatIfVerdict([outcome("a", { overBy: GI }), outcome("b", { overBy: GI / 2 })], pool);
    expect(v.sentences[0]).toBe(
      "Pod memory requests exceed the new allocatable by 1.5Gi on 2 nodes: a and b; no node comes under pressure.",
    );
  });

  it("says what the kubelet would evict, with QoS, usage over request and what it frees", () => {
    const o = outcome("ip-10-0-1-5", {
      pressureAfter: ["MemoryPressure"],
      metAfter: ["memory.available hard"],
      pods: {
        noLongerFit: [],
        evictions: [
          {
            signal: "memory.available",
            recovered: true,
            pods: [
              { namespace: "default", name: "report-worker", qosClass: "Burstable", overRequest: 291 * MI, reclaimed: 4.3 * GI },
            ],
          },
        ],
      },
    });
    expect(whatIfVerdict([o], pool)).toEqual({
      tone: "bad",
      sentences: [
        "All 31 pods still fit; MemoryPressure on ip-10-0-1-5: the kubelet would evict default/report-worker (Burstable, 291Mi over its request), freeing 4.3Gi.",
      ],
    });
    expect(whatIfVerdict([o], one).sentences[0]).toBe(
      "All 31 pods still fit; MemoryPressure: the kubelet would evict default/report-worker (Burstable, 291Mi over its request), freeing 4.3Gi.",
    );
  });

  it("says when evicting everything it may would not recover the node, and when nothing may be evicted", () => {
    const o = outcome("n", {
      pressureBefore: ["DiskPressure"],
      pressureAfter: ["DiskPressure"],
      pods: {
        noLongerFit: [],
        evictions: [
          {
            signal: "nodefs.available",
            recovered: false,
            pods: [
              { namespace: "a", name: "p", qosClass: "BestEffort", overRequest: null, reclaimed: GI },
              { namespace: "a", name: "q", qosClass: "BestEffort", overRequest: null, reclaimed: GI },
            ],
          },
        ],
      },
    });
    expect(whatIfVerdict([o], pool).sentences[0]).toBe(
      "All 31 pods still fit; DiskPressure on n (as now): the kubelet would evict a/p (BestEffort) then a/q, freeing 2Gi, and the node would still not recover.",
    );
    const none = outcome("m", {
      pressureAfter: ["PIDPressure"],
      pods: { noLongerFit: [], evictions: [{ signal: "pid.available", recovered: false, pods: [] }] },
    });
    expect(whatIfVerdict([none], pool).sentences[0]).toContain(
      "PIDPressure on m: the kubelet would find no pod it may evict for pid.available",
    );
  });

  it("lists further pressured nodes by name, and nodes that would leave pressure", () => {
    const under = ["a", "b", "c", "d", "e"].map((n) => outcome(n, { pressureAfter: ["MemoryPressure"] }));
    const cleared = outcome("z", { pressureBefore: ["DiskPressure"] });
    const v = whatIfVerdict([...under, cleared], pool);
    expect(v.sentences).toEqual([
      "All 31 pods still fit; under pressure: a (MemoryPressure), b (MemoryPressure), c (MemoryPressure) and 2 more nodes.",
      "DiskPressure would clear on z.",
    ]);
  });
});

describe("whatIfVerdict on several starved signals", () => {
  it("tells the first eviction run per condition only, and counts the pods after the second", () => {
    const pod = (name: string) => ({ namespace: "d", name, qosClass: "Burstable", overRequest: 88 * MI, reclaimed: 300 * MI });
    const o = outcome("n", {
      pressureAfter: ["MemoryPressure"],
      pods: {
        noLongerFit: [],
        evictions: [
          { signal: "memory.available", recovered: true, pods: [pod("a"), pod("b"), pod("c")] },
          { signal: "allocatableMemory.available", recovered: true, pods: [pod("a")] },
        ],
      },
    });
    expect(whatIfVerdict([o], one).sentences).toEqual([
      "All 31 pods still fit; MemoryPressure: the kubelet would evict d/a (Burstable, 88Mi over its request) then 2 more pods, freeing 900Mi.",
    ]);
  });
});
