// Port of kubernetes pkg/kubelet/eviction/helpers_test.go, disk side: TestOrderedByExceedsRequestDisk,
// TestOrderedbyDisk, TestOrderedbyInodes, TestOrderedByPriorityDisk, TestOrderedByPriorityInodes. The Go
// tests measure rootfs + logs + local volumes (a single filesystem); the layout and local-volume variants
// below follow spec §8.4 (buildSignalToRankFunc, localVolumeNames) and the inode quirks spec §8.2.
import { describe, expect, it } from "vitest";

import type { Pod } from "../k8s-types";
import type { Signal } from "../signals";
import { emptyDir, entriesFor, factsFor, LAYOUTS, Mi, names, pod, podStats, volume } from "../testing";
import { orderedBy, sortedBy } from "./compare";
import { localVolumeNames } from "./pod-facts";
import { diskPartsFor, exceedsRequest, priority, rankDiskPressure, rankFunctionFor, rankPods, usageAboveRequest } from "./rank";

const LOW = -1; // lowPriority in eviction_manager_test.go
const HIGH = 1; // highPriority
const local = [emptyDir("local-volume")];
const disk = (p: Pod, rootfs: string, logs: string, perVolume: string) => podStats(p, { rootfs, logs, perVolume });
const inodes = (p: Pod, rootfsInodes: number, logsInodes: number, perVolumeInodes: number) =>
  podStats(p, { rootfsInodes, logsInodes, perVolumeInodes });

describe("exceedsRequest on disk (TestOrderedByExceedsRequestDisk)", () => {
  const below = pod({ name: "below-requests", priority: -1, requests: { "ephemeral-storage": "200Mi" } });
  const exceeds = pod({ name: "exceeds-requests", priority: 1, requests: { "ephemeral-storage": "100Mi" } });
  it("puts the pod over its ephemeral-storage request first", () => {
    const stats = [disk(below, "100Mi", "99Mi", "0"), disk(exceeds, "90Mi", "11Mi", "0")]; // 199Mi vs 101Mi
    const entries = entriesFor([below, exceeds], stats, "nodefs.available");
    expect(names(sortedBy(entries, orderedBy(exceedsRequest)))).toEqual(["exceeds-requests", "below-requests"]);
  });
});

describe("usageAboveRequest on disk (TestOrderedbyDisk)", () => {
  const eph = (request: string, limit: string) => ({
    requests: { "ephemeral-storage": request },
    limits: { "ephemeral-storage": limit },
  });
  const pods = [
    pod({ name: "best-effort-high", priority: 0, volumes: local }),
    pod({ name: "best-effort-low", priority: 0, volumes: local }),
    pod({ name: "burstable-high", priority: 0, volumes: local, ...eph("100Mi", "400Mi") }),
    pod({ name: "burstable-low", priority: 0, volumes: local, ...eph("100Mi", "400Mi") }),
    pod({ name: "guaranteed-high", priority: 0, volumes: local, ...eph("400Mi", "400Mi") }),
    pod({ name: "guaranteed-low", priority: 0, volumes: local, ...eph("400Mi", "400Mi") }),
  ];
  const stats = [
    disk(pods[0]!, "50Mi", "100Mi", "150Mi"), // 300Mi - 0 = 300Mi
    disk(pods[1]!, "25Mi", "25Mi", "50Mi"), // 100Mi - 0 = 100Mi
    disk(pods[2]!, "150Mi", "150Mi", "50Mi"), // 350Mi - 100Mi = 250Mi
    disk(pods[3]!, "25Mi", "35Mi", "50Mi"), // 110Mi - 100Mi = 10Mi
    disk(pods[4]!, "225Mi", "100Mi", "50Mi"), // 375Mi - 400Mi = -25Mi
    disk(pods[5]!, "25Mi", "45Mi", "50Mi"), // 120Mi - 400Mi = -280Mi
  ];
  it("puts the larger usage − ephemeral-storage request first", () => {
    const entries = entriesFor(pods, stats, "nodefs.available");
    expect(entries.map((e) => e.aboveRequest / Mi)).toEqual([300, 100, 250, 10, -25, -280]);
    expect(names(sortedBy(entries, orderedBy(usageAboveRequest)))).toEqual([
      "best-effort-high",
      "burstable-high",
      "best-effort-low",
      "burstable-low",
      "guaranteed-high",
      "guaranteed-low",
    ]);
  });
});

describe("usageAboveRequest on inodes (TestOrderedbyInodes)", () => {
  const [low, medium, high] = ["low", "medium", "high"].map((name) => pod({ name, priority: 0, volumes: local })) as [
    Pod,
    Pod,
    Pod,
  ];
  it("puts the pod with more inodes in use first", () => {
    const stats = [inodes(low, 50000, 100000, 50000), inodes(medium, 100000, 150000, 50000), inodes(high, 200000, 150000, 50000)]; // 200k, 300k, 400k
    const entries = entriesFor([low, medium, high], stats, "nodefs.inodesFree");
    expect(names(sortedBy(entries, orderedBy(usageAboveRequest)))).toEqual(["high", "medium", "low"]);
  });
});

describe("rankDiskPressure (TestOrderedByPriorityDisk)", () => {
  const p = (name: string, prio: number, request?: string) =>
    pod({ name, priority: prio, volumes: local, ...(request && { requests: { "ephemeral-storage": request } }) });
  const pods = [
    p("above-requests-low-priority-high-usage", LOW),
    p("above-requests-low-priority-low-usage", LOW),
    p("above-requests-high-priority-high-usage", HIGH, "100Mi"),
    p("above-requests-high-priority-low-usage", HIGH, "100Mi"),
    p("below-requests-low-priority-high-usage", LOW, "1Gi"),
    p("below-requests-low-priority-low-usage", LOW, "1Gi"),
    p("below-requests-high-priority-high-usage", HIGH, "1Gi"),
    p("below-requests-high-priority-low-usage", HIGH, "1Gi"),
  ];
  const usage: [string, string, string][] = [
    ["200Mi", "100Mi", "200Mi"], // 500Mi relative to request
    ["10Mi", "10Mi", "30Mi"], // 50Mi
    ["200Mi", "150Mi", "250Mi"], // 500Mi
    ["90Mi", "50Mi", "10Mi"], // 50Mi
    ["500Mi", "200Mi", "100Mi"], // -224Mi
    ["50Mi", "100Mi", "50Mi"], // -824Mi
    ["250Mi", "500Mi", "50Mi"], // -224Mi
    ["100Mi", "60Mi", "40Mi"], // -824Mi
  ];
  const stats = pods.map((x, i) => disk(x, ...usage[i]!));
  it("orders exceeds request → lower priority → larger usage above request", () => {
    const ranked = rankPods(factsFor(pods.toReversed(), stats), "nodefs.available", LAYOUTS.singleFs);
    expect(names(ranked)).toEqual(pods.map((x) => x.metadata?.name));
  });
  it.each(["nodefs.available", "imagefs.inodesFree", "containerfs.available"] as const)("is the chain for %s", (signal) => {
    expect(rankFunctionFor(signal)).toBe(rankDiskPressure);
  });
});

describe("priority then inodes (TestOrderedByPriorityInodes)", () => {
  const pods = [
    pod({ name: "low-priority-high-usage", priority: LOW, volumes: local }),
    pod({ name: "low-priority-low-usage", priority: LOW, volumes: local }),
    pod({ name: "high-priority-high-usage", priority: HIGH, volumes: local }),
    pod({ name: "high-priority-low-usage", priority: HIGH, volumes: local }),
  ];
  const counts: [number, number, number][] = [
    [50000, 100000, 250000], // 400k
    [60000, 30000, 10000], // 100k
    [150000, 150000, 50000], // 350k
    [10000, 40000, 100000], // 150k
  ];
  const stats = pods.map((x, i) => inodes(x, ...counts[i]!));
  const want = pods.map((x) => x.metadata?.name);
  it("orderedBy(priority, usageAboveRequest), as in the Go test", () => {
    const entries = entriesFor(pods.toReversed(), stats, "nodefs.inodesFree");
    expect(names(sortedBy(entries, orderedBy(priority, usageAboveRequest)))).toEqual(want);
  });
  it("the full chain agrees: every pod using an inode exceeds its (never set) inodes request", () => {
    expect(names(rankPods(factsFor(pods.toReversed(), stats), "nodefs.inodesFree", LAYOUTS.singleFs))).toEqual(want);
  });
});

describe("diskPartsFor (spec §8.4)", () => {
  const all = ["rootfs", "logs", "localVolumes"];
  it.each([
    ["singleFs", "nodefs.available", all],
    ["singleFs", "imagefs.inodesFree", all],
    ["singleFs", "containerfs.available", all],
    ["imageFs", "nodefs.available", ["logs", "localVolumes"]],
    ["imageFs", "nodefs.inodesFree", ["logs", "localVolumes"]],
    ["imageFs", "imagefs.available", ["rootfs"]],
    ["imageFs", "containerfs.inodesFree", ["rootfs"]],
    ["splitContainerFs", "nodefs.available", ["logs", "localVolumes", "rootfs"]],
    ["splitContainerFs", "imagefs.available", []],
    ["splitContainerFs", "containerfs.available", ["logs", "localVolumes", "rootfs"]],
  ] as [keyof typeof LAYOUTS, Signal, string[]][])("%s, %s → %j", (layout, signal, want) => {
    expect(diskPartsFor(signal, LAYOUTS[layout])).toEqual(want);
  });
});

describe("disk ranking per filesystem layout (spec §8.4)", () => {
  // writer fills its writable layer; logger writes logs and an emptyDir. Input order: logger first.
  const writer = pod({ name: "writer" });
  const logger = pod({ name: "logger", volumes: local });
  const stats = [
    podStats(writer, { rootfs: "500Mi", logs: 0 }),
    podStats(logger, { rootfs: 0, logs: "100Mi", perVolume: "200Mi" }),
  ];
  it.each([
    ["singleFs", "nodefs.available", ["writer", "logger"], [500, 300]],
    ["singleFs", "imagefs.available", ["writer", "logger"], [500, 300]],
    ["imageFs", "nodefs.available", ["logger", "writer"], [300, 0]],
    ["imageFs", "imagefs.available", ["writer", "logger"], [500, 0]],
    ["imageFs", "containerfs.available", ["writer", "logger"], [500, 0]],
    ["splitContainerFs", "nodefs.available", ["writer", "logger"], [500, 300]],
    ["splitContainerFs", "imagefs.available", ["logger", "writer"], [0, 0]], // nothing measured: a tie keeps input order
    ["splitContainerFs", "containerfs.available", ["writer", "logger"], [500, 300]],
  ] as [keyof typeof LAYOUTS, Signal, string[], number[]][])("%s, %s → %j", (layout, signal, want, usageMi) => {
    const ranked = rankPods(factsFor([logger, writer], stats), signal, LAYOUTS[layout]);
    expect(names(ranked)).toEqual(want);
    expect(ranked.map((e) => e.usage / Mi)).toEqual(usageMi);
  });
  it("imagefs with a split containerfs measures nothing: priority, then the smallest ephemeral request first", () => {
    const big = pod({ name: "big-request", requests: { "ephemeral-storage": "1Gi" } });
    const small = pod({ name: "small-request", requests: { "ephemeral-storage": "1Mi" } });
    const vip = pod({ name: "vip", priority: 10 });
    const s = [big, small, vip].map((x) => podStats(x, { rootfs: "5Gi", logs: "1Gi" }));
    expect(names(rankPods(factsFor([vip, big, small], s), "imagefs.available", LAYOUTS.splitContainerFs))).toEqual([
      "small-request",
      "big-request",
      "vip",
    ]);
  });
});

describe("localVolumeNames and local volume usage", () => {
  const volumes = [
    emptyDir("disk"),
    emptyDir("default-medium", ""),
    emptyDir("tmpfs", "Memory"),
    emptyDir("hugepages", "HugePages"),
    volume("host", "hostPath"),
    volume("config", "configMap"),
    volume("git", "gitRepo"),
    volume("creds", "secret"),
    volume("meta", "downwardAPI"),
    volume("claim", "persistentVolumeClaim"),
  ];
  const p = pod({ name: "volumes", volumes });
  it("counts hostPath, disk emptyDir, configMap and gitRepo (IsLocalEphemeralVolume)", () => {
    expect([...localVolumeNames(p)]).toEqual(["disk", "default-medium", "host", "config", "git"]);
  });
  it("sums only the volume stats whose name is a local volume", () => {
    const stats = podStats(p, { rootfs: 0, logs: 0, perVolume: "10Mi", perVolumeInodes: 7 });
    stats.volume!.push({ name: "not-in-spec", usedBytes: 999 * Mi, inodesUsed: 999 });
    const [bytes] = entriesFor([p], [stats], "nodefs.available");
    const [count] = entriesFor([p], [stats], "nodefs.inodesFree");
    expect(bytes!.usage).toBe(50 * Mi); // 5 local volumes × 10Mi
    expect(count!.usage).toBe(35);
  });
});

describe("inode quirks (spec §8.2)", () => {
  it("exceeds request compares inodes with the never-set inodes request, not the storage request", () => {
    const requested = pod({ name: "requested", priority: 5, requests: { "ephemeral-storage": "10Gi" } });
    const idle = pod({ name: "idle", priority: -5 });
    const stats = [inodes(requested, 10, 0, 0), inodes(idle, 0, 0, 0)];
    const [entry] = entriesFor([requested], stats, "nodefs.inodesFree");
    expect(entry).toMatchObject({ usage: 10, request: 0, exceedsRequest: true });
    expect(names(rankPods(factsFor([idle, requested], stats), "nodefs.inodesFree", LAYOUTS.singleFs))).toEqual([
      "requested",
      "idle",
    ]);
  });
  it("usage above request subtracts the ephemeral-storage request from an inode count", () => {
    const many = pod({ name: "many-inodes", requests: { "ephemeral-storage": "1Ki" } });
    const few = pod({ name: "few-inodes" });
    const stats = [inodes(many, 1000, 0, 0), inodes(few, 500, 0, 0)];
    const entries = entriesFor([many, few], stats, "nodefs.inodesFree");
    expect(entries.map((e) => e.aboveRequest)).toEqual([-24, 500]); // 1000 − 1024, 500 − 0
    expect(names(rankPods(factsFor([many, few], stats), "nodefs.inodesFree", LAYOUTS.singleFs))).toEqual([
      "few-inodes",
      "many-inodes",
    ]);
  });
});
