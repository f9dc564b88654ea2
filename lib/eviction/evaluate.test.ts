// Port of kubernetes pkg/kubelet/eviction/helpers_test.go: TestThresholdsMet, TestPercentageThresholdsMet,
// TestThresholdsMetGracePeriod, TestNodeConditions, TestSortByEvictionPriority and (the old
// TestGetStarvedResources, now getReclaimableThreshold) the choice of the threshold to act on. Spec §5, §6.
// Not ported, no engine equivalent (the state lives in lib/sim/kubelet/kubelet-brain.ts): TestThresholdsUpdatedStats,
// TestThresholdsFirstObservedAt, TestNodeConditionsLastObservedAt, TestNodeConditionsObservedSince.
import { describe, expect, it } from "vitest";

import type { Threshold } from "./config/thresholds";
import {
  byEvictionPriority,
  isMet,
  nodeConditions,
  thresholdQuantity,
  thresholdsMet,
  thresholdsMetGracePeriod,
} from "./evaluate";
import type { Observations } from "./observe";
import { signalResource, type Signal } from "./signals";
import { Gi, Mi, observation, percent, threshold } from "./testing";

describe("thresholdsMet (TestThresholdsMet)", () => {
  const hard = threshold("memory.available", "1Gi", { minReclaim: "500Mi" });
  const mem = (available: number | string): Observations => ({ "memory.available": observation(available) });
  it.each([
    ["empty", [], {}, false, []],
    ["threshold-met-memory", [hard], mem("500Mi"), false, [hard]],
    ["threshold-not-met", [hard], mem("2Gi"), false, []],
    ["threshold-met-with-min-reclaim", [hard], mem("1.05Gi"), true, [hard]], // 1Gi + 500Mi > 1.05Gi
    ["threshold-not-met-with-min-reclaim", [hard], mem("2Gi"), true, []],
    // beyond the Go table
    ["available equal to the threshold is not met (strict >)", [hard], mem(Gi), false, []],
    ["one byte below the threshold is met", [hard], mem(Gi - 1), false, [hard]],
    ["available equal to threshold + min-reclaim is not met", [hard], mem(Gi + 500 * Mi), true, []],
    ["min-reclaim is ignored unless enforced", [hard], mem("1.05Gi"), false, []],
    ["no observation for the signal: never met", [hard], { "nodefs.available": observation(0) }, false, []],
    [
      "the empty containerfs placeholder is never met",
      [threshold("containerfs.available", null)],
      { "containerfs.available": observation(0) },
      true,
      [],
    ],
  ] as [string, Threshold[], Observations, boolean, Threshold[]][])("%s", (_name, ts, obs, enforce, want) => {
    expect(thresholdsMet(ts, obs, enforce)).toEqual(want);
  });
  it("isMet agrees with thresholdsMet", () => {
    expect(isMet(hard, mem("500Mi"))).toBe(true);
    expect(isMet(hard, mem("1.05Gi"), true)).toBe(true);
    expect(isMet(hard, mem("1.05Gi"))).toBe(false);
  });
});

describe("thresholdsMet with percentages (TestPercentageThresholdsMet)", () => {
  const memory = threshold("memory.available", percent(0.2), { minReclaim: percent(0.05) });
  const nodefs = threshold("nodefs.available", percent(0.3));
  const both = [memory, nodefs];
  const obs = (memAvail: string, fsAvail?: string): Observations => ({
    "memory.available": observation(memAvail, "1000Mi"),
    ...(fsAvail && { "nodefs.available": observation(fsAvail, "1000Gi") }),
  });
  it.each([
    ["BothMet", obs("100Mi", "100Gi"), false, both],
    ["NoneMet", obs("300Mi", "400Gi"), false, []],
    ["DiskMet", obs("300Mi", "100Gi"), false, [nodefs]],
    ["MemoryMet", obs("100Mi", "400Gi"), false, [memory]],
    ["MemoryMetWithMinReclaim", obs("225Mi"), true, [memory]], // 20% + 5% of 1000Mi = 250Mi > 225Mi
    ["MemoryNotMetWithMinReclaim", obs("300Mi"), true, []],
  ] as [string, Observations, boolean, Threshold[]][])("%s", (_name, observations, enforce, want) => {
    expect(thresholdsMet(both, observations, enforce)).toEqual(want);
  });
});

describe("thresholdQuantity (spec §5.1)", () => {
  it.each([
    ["a quantity is taken as is", threshold("memory.available", "100Mi"), observation(0, Gi), false, 100 * Mi],
    [
      "5% of 10Gi in float32 is 536870920, not 536870912",
      threshold("nodefs.available", percent(0.05)),
      observation(0, 10 * Gi),
      false,
      536870920,
    ],
    [
      "20% of 1000Mi truncates 209715203.1",
      threshold("memory.available", percent(0.2)),
      observation(0, "1000Mi"),
      false,
      209715203,
    ],
    [
      "min-reclaim adds its own resolved amount",
      threshold("memory.available", percent(0.2), { minReclaim: percent(0.05) }),
      observation(0, "1000Mi"),
      true,
      209715203 + 52428800,
    ],
    [
      "a quantity min-reclaim on a % threshold",
      threshold("nodefs.available", percent(0.05), { minReclaim: "1Gi" }),
      observation(0, 10 * Gi),
      true,
      536870920 + Gi,
    ],
    ["no value → null", threshold("containerfs.inodesFree", null), observation(0), true, null],
  ] as [string, Threshold, ReturnType<typeof observation>, boolean, number | null][])("%s", (_name, t, obs, enforce, want) => {
    expect(thresholdQuantity(t, obs, enforce)).toBe(want);
  });
});

describe("thresholdsMetGracePeriod (TestThresholdsMetGracePeriod)", () => {
  const now = Date.UTC(2016, 0, 1, 0, 5);
  const hard = threshold("memory.available", "1Gi");
  const soft = threshold("memory.available", "2Gi", { gracePeriodSeconds: 60 });
  const run = (observedAt: Map<Threshold, number>) => thresholdsMetGracePeriod([...observedAt.keys()], observedAt, now);
  it.each([
    ["empty", new Map(), []],
    ["hard-threshold-met", new Map([[hard, now]]), [hard]],
    ["soft-threshold-not-met", new Map([[soft, now]]), []],
    ["soft-threshold-met", new Map([[soft, now - 2 * 60_000]]), [soft]],
    // beyond the Go table
    ["grace elapsed exactly counts as met (duration < grace skips)", new Map([[soft, now - 60_000]]), [soft]],
    ["one millisecond short is not met", new Map([[soft, now - 59_999]]), []],
  ] as [string, Map<Threshold, number>, Threshold[]][])("%s", (_name, observedAt, want) => {
    expect(run(observedAt)).toEqual(want);
  });
  it("drops a met threshold that has no first-observed time", () => {
    expect(thresholdsMetGracePeriod([hard], new Map(), now)).toEqual([]);
  });
});

describe("nodeConditions (TestNodeConditions)", () => {
  const none = { MemoryPressure: false, DiskPressure: false, PIDPressure: false };
  const of = (...signals: Signal[]) => nodeConditions(signals.map((s) => threshold(s, "1")));
  it.each([
    ["empty-list", [], none],
    ["memory.available", ["memory.available"], { ...none, MemoryPressure: true }],
    // beyond the Go table
    ["allocatableMemory.available", ["allocatableMemory.available"], { ...none, MemoryPressure: true }],
    ["nodefs.inodesFree", ["nodefs.inodesFree"], { ...none, DiskPressure: true }],
    ["imagefs.available", ["imagefs.available"], { ...none, DiskPressure: true }],
    ["containerfs.inodesFree", ["containerfs.inodesFree"], { ...none, DiskPressure: true }],
    ["pid.available", ["pid.available"], { ...none, PIDPressure: true }],
    [
      "several signals at once",
      ["pid.available", "nodefs.available", "memory.available"],
      { MemoryPressure: true, DiskPressure: true, PIDPressure: true },
    ],
  ] as [string, Signal[], object][])("%s", (_name, signals, want) => {
    expect(of(...signals)).toEqual(want);
  });
  it("ignores the grace period: a soft threshold raises its condition at once (spec §5.4)", () => {
    expect(nodeConditions([threshold("memory.available", "1Gi", { gracePeriodSeconds: 300 })]).MemoryPressure).toBe(true);
  });
});

describe("byEvictionPriority (TestSortByEvictionPriority)", () => {
  const t = (signal: Signal, grace = 0) => threshold(signal, "1", { gracePeriodSeconds: grace });
  const signals = (ts: Threshold[]) => ts.map((x) => x.signal);
  it.each([
    ["empty threshold list", [], []],
    [
      "memory first",
      ["nodefs.available", "pid.available", "memory.available"],
      ["memory.available", "nodefs.available", "pid.available"],
    ],
    [
      "allocatable memory first",
      ["nodefs.available", "pid.available", "allocatableMemory.available"],
      ["allocatableMemory.available", "nodefs.available", "pid.available"],
    ],
    // beyond the Go table: Go's insertion sort (≤ 12 entries) never moves a non-memory threshold past another
    [
      "disk and pid keep their input order",
      ["pid.available", "imagefs.available", "nodefs.available"],
      ["pid.available", "imagefs.available", "nodefs.available"],
    ],
  ] as [string, Signal[], Signal[]][])("%s", (_name, input, want) => {
    expect(signals(byEvictionPriority(input.map((s) => t(s))))).toEqual(want);
  });
  it("keeps the input order of two memory thresholds, where Go's insertion sort reverses them", () => {
    // Less(i, j) is true whenever i is a memory threshold, so Go swaps every memory threshold past the one
    // before it: [hard, soft] → [soft, hard]. Its input order comes from a map (random each cycle), so
    // neither order is "the" kubelet's; we keep input order, the documented deterministic pick spec §6 allows.
    const hard = t("memory.available");
    const soft = t("memory.available", 30);
    const alloc = t("allocatableMemory.available");
    expect(byEvictionPriority([hard, soft])).toEqual([hard, soft]);
    expect(byEvictionPriority([t("nodefs.available"), hard, alloc]).slice(0, 2)).toEqual([hard, alloc]);
  });
  it("does not reorder the caller's array", () => {
    const input = [t("nodefs.available"), t("memory.available")];
    byEvictionPriority(input);
    expect(signals(input)).toEqual(["nodefs.available", "memory.available"]);
  });
});

describe("the threshold acted on (getReclaimableThreshold, TestGetStarvedResources)", () => {
  // Every signal has a resource, so the kubelet acts on the first threshold after byEvictionPriority.
  const pick = (...signals: Signal[]) => byEvictionPriority(signals.map((s) => threshold(s, "1")))[0]?.signal;
  it.each([
    [["memory.available"], "memory"],
    [["imagefs.available"], "ephemeral-storage"],
    [["nodefs.available"], "ephemeral-storage"],
    [["nodefs.inodesFree", "pid.available"], "inodes"],
    [["pid.available", "nodefs.available", "allocatableMemory.available"], "memory"],
  ] as [Signal[], string][])("%j → reclaims %s", (signals, resource) => {
    expect(signalResource(pick(...signals)!)).toBe(resource);
  });
  it("nothing met → nothing to reclaim", () => {
    expect(pick()).toBeUndefined();
  });
});
