// Port of kubernetes pkg/kubelet/eviction/helpers_test.go TestMakeSignalObservations (observations and the
// UID-keyed stats lookup), plus the "missing field → no observation" rules of spec §2, our filesystem-layout
// inference, and the pod facts the rank functions read.
import { describe, expect, it } from "vitest";

import type { PodStats, Summary } from "./k8s-types";
import { inferFilesystemLayout, observeSignals } from "./observe";
import { isActivePod, podFacts, statsByUid } from "./pods/pod-facts";
import { DEFAULT_FEATURE_GATES } from "./pods/pod-resources";
import type { Signal } from "./signals";
import { Gi, LAYOUTS, Mi, pod, podStats, summary } from "./testing";

describe("observeSignals (TestMakeSignalObservations)", () => {
  const pods = [
    pod({ name: "pod1", namespace: "ns1", uid: "uuid1" }),
    pod({ name: "pod1", namespace: "ns2", uid: "uuid2" }),
    pod({ name: "pod3", namespace: "ns3", uid: "uuid3" }),
  ];
  const input = summary({
    memory: { available: Gi, workingSet: Gi },
    podsMemory: { available: Gi, workingSet: Gi },
    nodeFs: { available: 1024, capacity: 2048, inodesFree: 1024, inodes: Mi },
    imageFs: { available: Mi, capacity: 2 * Mi, inodesFree: 1024, inodes: Mi },
    containerFs: { available: 2 * Mi, capacity: 8 * Mi, inodesFree: 2048, inodes: 2048 },
    rlimit: { maxpid: 255816, curproc: 1000 },
    pods: pods.map((p) => podStats(p, { workingSet: Gi })),
  });
  const observed = observeSignals(input);

  it.each([
    ["memory.available", Gi, 2 * Gi], // capacity = available + working set
    ["allocatableMemory.available", Gi, 2 * Gi], // same rule on the "pods" system container
    ["nodefs.available", 1024, 2048],
    ["nodefs.inodesFree", 1024, Mi],
    ["imagefs.available", Mi, 2 * Mi],
    ["imagefs.inodesFree", 1024, Mi],
    ["containerfs.available", 2 * Mi, 8 * Mi],
    ["containerfs.inodesFree", 2048, 2048],
    ["pid.available", 254816, 255816], // maxpid − curproc, maxpid
  ] as [Signal, number, number][])("%s: available %d of %d", (signal, available, capacity) => {
    expect(observed[signal]).toMatchObject({ available, capacity });
  });
  it("finds every pod's stats by UID, even when two pods share a name", () => {
    const byUid = statsByUid(input);
    for (const p of pods) expect(byUid.get(p.metadata!.uid!)?.memory?.workingSetBytes).toBe(Gi);
    expect(byUid.get("uuid2")?.podRef.namespace).toBe("ns2");
  });
});

describe("observeSignals: a missing field means no observation (spec §2)", () => {
  const seen = (s: Summary | undefined) => Object.keys(observeSignals(s)).sort();
  it.each([
    ["no summary", undefined, []],
    ["no node section", { pods: [] }, []],
    ["memory without workingSetBytes", summary({ memory: { available: Gi } }), []],
    ["memory without availableBytes", summary({ memory: { workingSet: Gi } }), []],
    ["no pods system container", summary({ memory: { available: Gi, workingSet: Gi } }), ["memory.available"]],
    ["pods container without availableBytes (no kubepods limit)", summary({ podsMemory: { workingSet: Gi } }), []],
    [
      "nodefs bytes without capacity: inodes still observed",
      summary({ nodeFs: { available: 1, inodesFree: 1, inodes: 2 } }),
      ["nodefs.inodesFree"],
    ],
    ["imagefs inodes without total", summary({ imageFs: { available: 1, capacity: 2, inodesFree: 1 } }), ["imagefs.available"]],
    ["containerfs without anything", summary({ containerFs: {} }), []],
    ["rlimit without curproc", summary({ rlimit: { maxpid: 10 } }), []],
  ] as [string, Summary | undefined, string[]][])("%s → %j", (_name, input, want) => {
    expect(seen(input)).toEqual(want);
  });
  it("reads the first system container named pods and ignores the others", () => {
    const s = summary();
    s.node!.systemContainers = [
      { name: "kubelet", memory: { availableBytes: 1, workingSetBytes: 1 } },
      { name: "pods", memory: { availableBytes: 300, workingSetBytes: 700 } },
      { name: "pods", memory: { availableBytes: 5, workingSetBytes: 5 } },
    ];
    expect(observeSignals(s)["allocatableMemory.available"]).toMatchObject({ available: 300, capacity: 1000 });
  });
  it("keeps each source's timestamp (thresholdsUpdatedStats compares them)", () => {
    const s = summary({ nodeFs: { available: 1, capacity: 2, time: "2016-01-01T00:00:00Z" }, rlimit: { maxpid: 9, curproc: 1 } });
    expect(observeSignals(s)["nodefs.available"]?.time).toBe("2016-01-01T00:00:00Z");
    expect(observeSignals(s)["pid.available"]?.time).toBeNull();
  });
});

describe("inferFilesystemLayout", () => {
  const root = { available: 10 * Gi, capacity: 100 * Gi, inodes: 1000 };
  const other = { available: 50 * Gi, capacity: 500 * Gi, inodes: 9000 };
  const third = { available: 5 * Gi, capacity: 20 * Gi, inodes: 100 };
  it.each([
    ["no imageFs stats: one filesystem", summary({ nodeFs: root }), LAYOUTS.singleFs],
    [
      "imageFs with node.fs sizes is the same filesystem",
      summary({ nodeFs: root, imageFs: root, containerFs: root }),
      LAYOUTS.singleFs,
    ],
    ["imageFs with other sizes is dedicated", summary({ nodeFs: root, imageFs: other }), LAYOUTS.imageFs],
    ["containerFs on the imageFs is not split", summary({ nodeFs: root, imageFs: other, containerFs: other }), LAYOUTS.imageFs],
    [
      "containerFs apart from a dedicated imageFs is split",
      summary({ nodeFs: root, imageFs: other, containerFs: third }),
      LAYOUTS.splitContainerFs,
    ],
    [
      "containerFs apart without a dedicated imageFs is not split",
      summary({ nodeFs: root, imageFs: root, containerFs: third }),
      LAYOUTS.singleFs,
    ],
    ["no summary", undefined, LAYOUTS.singleFs],
  ] as [string, Summary | undefined, object][])("%s", (_name, input, want) => {
    expect(inferFilesystemLayout(input)).toEqual(want);
  });
});

describe("statsByUid", () => {
  const ref = (uid: string, name = "p"): PodStats => ({ podRef: { name, namespace: "ns", uid } });
  it("keys by UID only; a repeated UID keeps the last entry, like the kubelet's map", () => {
    const byUid = statsByUid({ pods: [ref("u1", "first"), ref("u2"), ref("u1", "second")] });
    expect([...byUid.keys()]).toEqual(["u1", "u2"]);
    expect(byUid.get("u1")?.podRef.name).toBe("second");
  });
});

describe("podFacts", () => {
  const p = pod({ name: "web", uid: "u-web", requests: { memory: "64Mi", "ephemeral-storage": "1Gi" } });
  it("without stats: flagged, zero usage, defaults for namespace and priority", () => {
    expect(podFacts(p, undefined, DEFAULT_FEATURE_GATES)).toMatchObject({
      uid: "u-web",
      namespace: "default",
      priority: 0,
      hasStats: false,
      memoryUsage: 0,
      memoryRequest: 64 * Mi,
      ephemeralRequest: Gi,
      inodesRequest: 0,
      processCount: 0,
    });
  });
  it("memory usage is the pod-level working set, not a sum of containers", () => {
    const stats: PodStats = {
      podRef: { name: "web", namespace: "", uid: "u-web" },
      containers: [{ name: "web", memory: { workingSetBytes: 5 * Mi } }],
    };
    expect(podFacts(p, stats, DEFAULT_FEATURE_GATES)).toMatchObject({ hasStats: true, memoryUsage: 0 });
  });
  it("sums rootfs and logs over containers", () => {
    const two = pod({ name: "two", containers: [{ name: "a" }, { name: "b" }] });
    const f = podFacts(two, podStats(two, { rootfs: "1Mi", logs: "2Mi", rootfsInodes: 3, logsInodes: 4 }), DEFAULT_FEATURE_GATES);
    expect(f.rootfs).toEqual({ bytes: 2 * Mi, inodes: 6 });
    expect(f.logs).toEqual({ bytes: 4 * Mi, inodes: 8 });
  });
  it("marks critical pods (static, mirror, priority ≥ 2000000000)", () => {
    const crit = (o: Parameters<typeof pod>[0]) => podFacts(pod(o), undefined, DEFAULT_FEATURE_GATES).critical;
    expect(crit({ name: "static", annotations: { "kubernetes.io/config.source": "file" } })).toBe(true);
    expect(crit({ name: "api", annotations: { "kubernetes.io/config.source": "api" } })).toBe(false);
    expect(crit({ name: "mirror", annotations: { "kubernetes.io/config.mirror": "hash" } })).toBe(true);
    expect(crit({ name: "cluster-critical", priority: 2_000_000_000 })).toBe(true);
    expect(crit({ name: "just-below", priority: 1_999_999_999 })).toBe(false);
  });
});

describe("isActivePod", () => {
  it.each([
    [undefined, true],
    ["Pending", true],
    ["Running", true],
    ["Succeeded", false],
    ["Failed", false],
  ])("phase %s → %s", (phase, want) => {
    expect(isActivePod(pod({ name: "p", ...(phase && { phase }) }))).toBe(want);
  });
});
