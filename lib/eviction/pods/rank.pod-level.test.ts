// Ranking with pod-level resources (KEP-2837, gate PodLevelResources, on by default since v1.34).
// The stored helpers_test.go has no pod-level ranking case, so these follow spec §8.3
// (GetResourceRequestQuantity): with the gate on and any pod-level cpu/memory/hugepages key set, container
// requests are ignored, memory uses the pod-level request and the ephemeral-storage request is 0.
import { describe, expect, it } from "vitest";

import type { PodStats } from "../k8s-types";
import { container, entriesFor, factsFor, LAYOUTS, Mi, names, pod, podStats } from "../testing";
import { rankPods } from "./rank";

const ON = { PodLevelResources: true };
const OFF = { PodLevelResources: false };

// Two 100Mi containers under a 1Gi pod-level memory request, using 500Mi in all.
const pooled = pod({
  name: "pooled",
  containers: [
    container("a", { memory: "100Mi", "ephemeral-storage": "1Gi" }),
    container("b", { memory: "100Mi", "ephemeral-storage": "1Gi" }),
  ],
  podResources: { requests: { memory: "1Gi" }, limits: { memory: "2Gi" } },
});
// An ordinary pod 50Mi over its 400Mi container request.
const plain = pod({ name: "plain", requests: { memory: "400Mi", "ephemeral-storage": "1Gi" } });
const stats: PodStats[] = [
  podStats(pooled, { workingSet: "500Mi", rootfs: "50Mi", logs: "50Mi" }), // 200Mi of disk (two containers)
  podStats(plain, { workingSet: "450Mi", rootfs: "100Mi", logs: "100Mi" }),
];

describe("memory request with pod-level resources", () => {
  it.each([
    ["gate on: the pod-level request, container requests ignored", ON, 1024, false],
    ["gate off: the container aggregate", OFF, 200, true],
  ] as const)("%s", (_name, gates, requestMi, exceeds) => {
    const [entry] = entriesFor([pooled], stats, "memory.available", LAYOUTS.singleFs, gates);
    expect(entry!.request / Mi).toBe(requestMi);
    expect(entry!.exceedsRequest).toBe(exceeds);
  });
  it.each([
    ["gate on: under its pod-level request, it ranks after the pod over its request", ON, ["plain", "pooled"]],
    ["gate off: 300Mi over its container requests, it ranks first", OFF, ["pooled", "plain"]],
  ] as const)("%s", (_name, gates, want) => {
    expect(names(rankPods(factsFor([plain, pooled], stats, gates), "memory.available", LAYOUTS.singleFs))).toEqual(want);
  });
  it("a pod-level limit alone still switches off container requests (the request becomes 0)", () => {
    const limitOnly = pod({ name: "limit-only", requests: { memory: "1Gi" }, podResources: { limits: { cpu: "1" } } });
    const [entry] = entriesFor(
      [limitOnly],
      [podStats(limitOnly, { workingSet: "1Mi" })],
      "memory.available",
      LAYOUTS.singleFs,
      ON,
    );
    expect(entry).toMatchObject({ request: 0, exceedsRequest: true });
  });
});

describe("ephemeral-storage request with pod-level resources", () => {
  it.each([
    ["gate on: 0, so any disk use exceeds and nothing is subtracted", ON, 0, true, 200],
    ["gate off: the 2Gi container aggregate", OFF, 2048, false, 200 - 2048],
  ] as const)("%s", (_name, gates, requestMi, exceeds, aboveMi) => {
    const [entry] = entriesFor([pooled], stats, "nodefs.available", LAYOUTS.singleFs, gates);
    expect(entry!.request / Mi).toBe(requestMi);
    expect(entry!.exceedsRequest).toBe(exceeds);
    expect(entry!.aboveRequest / Mi).toBe(aboveMi);
  });
  it("gate on: the pooled pod outranks the plain one on disk although its containers request 1Gi each", () => {
    expect(names(rankPods(factsFor([plain, pooled], stats, ON), "nodefs.available", LAYOUTS.singleFs))).toEqual([
      "pooled",
      "plain",
    ]);
    expect(names(rankPods(factsFor([plain, pooled], stats, OFF), "nodefs.available", LAYOUTS.singleFs))).toEqual([
      "plain",
      "pooled",
    ]);
  });
});

describe("pod overhead in ranking requests", () => {
  it.each([
    ["is added to a non-zero request", { memory: "100Mi" }, 110],
    ["is not added to a zero request", undefined, 0],
  ] as const)("%s", (_name, requests, wantMi) => {
    const p = pod({ name: "runtime-class", ...(requests && { requests }), overhead: { memory: "10Mi" } });
    const [entry] = entriesFor([p], [podStats(p, { workingSet: "1Mi" })], "memory.available");
    expect(entry!.request / Mi).toBe(wantMi);
  });
});
