import { describe, expect, it } from "vitest";

import { analyzeNode } from "@/lib/eviction";

import { expandSummary, packSummary, sharePodStrings, storedNodeStats, storeSummary } from "./stored-summary";
import { trimSummary } from "./trim";
import { decodeWire, type WireSummary } from "./wire";

const wire = (json: unknown) => decodeWire<WireSummary>(structuredClone(json), "summary");

const GI = 2 ** 30;
const raw = {
  node: {
    nodeName: "n1",
    memory: { time: "t", availableBytes: 2 * GI, workingSetBytes: 6 * GI, rssBytes: GI },
    fs: { availableBytes: 40e9, capacityBytes: 100e9, usedBytes: 60e9, inodesFree: 9e5, inodes: 1e6 },
    runtime: { imageFs: { availableBytes: 40e9, capacityBytes: 100e9, inodesFree: 9e5, inodes: 1e6 } },
    rlimit: { maxpid: 4_194_304, curproc: 900 },
    systemContainers: [{ name: "pods", memory: { availableBytes: GI, workingSetBytes: 5 * GI } }],
  },
  pods: [
    {
      podRef: { name: "a", namespace: "d", uid: "uid-a" },
      memory: { workingSetBytes: 3 * GI, usageBytes: 4 * GI },
      containers: [
        {
          name: "app",
          memory: { workingSetBytes: 2 * GI },
          rootfs: { usedBytes: 123_456_789, inodesUsed: 40, capacityBytes: 1 },
          logs: { usedBytes: 1e6, inodesUsed: 2 },
        },
        { name: "side", rootfs: { usedBytes: 1.5, inodesUsed: null } },
      ],
      volume: [
        { name: "scratch", usedBytes: 4096, inodesUsed: 1 },
        { name: "cm", usedBytes: 77, inodesUsed: 3 },
      ],
      "ephemeral-storage": { usedBytes: 5, inodesUsed: 1 },
      process_stats: { process_count: 17 },
    },
    { podRef: { name: "b", namespace: "d", uid: "uid-b" }, containers: [] },
  ],
};
const pod = (name: string, volumes: object[] = []) => ({
  metadata: { name, namespace: "d", uid: `uid-${name}` },
  spec: { containers: [{ name: "app", resources: { requests: { memory: "1Gi", "ephemeral-storage": "100Mi" } } }], volumes },
  status: { phase: "Running" },
});
const input = (summary: object) => ({
  node: { metadata: { name: "n1" }, status: { capacity: { cpu: "4", memory: "8Gi", "ephemeral-storage": "100G", pods: "110" } } },
  pods: [
    pod("a", [
      { name: "scratch", emptyDir: {} },
      { name: "cm", configMap: {} },
    ]),
    pod("b"),
    pod("c"),
  ],
  summary,
  kubeletConfig: { evictionHard: { "memory.available": "3Gi", "nodefs.available": "50%", "pid.available": "1%" } },
});

describe("stored summary", () => {
  it("gives the engine the same analysis as the trimmed summary, what-ifs included", () => {
    const trimmed = trimSummary(wire(raw));
    const stored = storeSummary(trimmed);
    expect(stored.invalid).toBeUndefined();
    expect(analyzeNode(input(expandSummary(stored)))).toEqual(analyzeNode(input(trimmed)));
    const whatIf = { usageScale: { memory: 1.37, "ephemeral-storage": 2.5, pid: 3 }, kubeReserved: { memory: "1Gi" } };
    expect(analyzeNode({ ...input(expandSummary(stored)), whatIf })).toEqual(analyzeNode({ ...input(trimmed), whatIf }));
  });

  it("keeps node stats as trimmed and what the engine reads of each pod", () => {
    const stored = storeSummary(trimSummary(wire(raw)));
    expect(storedNodeStats(stored)).toEqual(trimSummary(wire(raw)).node);
    const [a, b] = expandSummary(stored).pods!;
    expect(a).toEqual({
      podRef: { name: "a", namespace: "d", uid: "uid-a" },
      memory: { workingSetBytes: 3 * GI },
      process_stats: { process_count: 17 },
      containers: [
        // per-container working set and rss are kept for the kernel OOM order
        {
          name: "app",
          rootfs: { usedBytes: 123_456_789, inodesUsed: 40 },
          logs: { usedBytes: 1e6, inodesUsed: 2 },
          memory: { workingSetBytes: 2 * GI },
        },
        { name: "side", rootfs: { usedBytes: 1.5 } },
      ],
      volume: [
        { name: "scratch", usedBytes: 4096, inodesUsed: 1 },
        { name: "cm", usedBytes: 77, inodesUsed: 3 },
      ],
    });
    expect(b).toEqual({ podRef: { name: "b", namespace: "d", uid: "uid-b" }, containers: [] });
  });

  it("keeps whichever field of a pair is present, in the kubelet's order", () => {
    const one = {
      podRef: { name: "c", namespace: "d", uid: "uid-c" },
      containers: [
        { name: "inodes-only", rootfs: { inodesUsed: 5 }, logs: { usedBytes: 9 }, memory: { rssBytes: 7 } },
        { name: "rss-and-ws", logs: { inodesUsed: 4 }, memory: { rssBytes: 8, workingSetBytes: 6 } },
        { name: "nothing", rootfs: {}, memory: {} },
      ],
      volume: [{ name: "inodes", inodesUsed: 2 }, { name: "bare" }],
    };
    const [c] = expandSummary(storeSummary(trimSummary(wire({ ...raw, pods: [one] })))).pods!;
    // the text pins the keys' order too (the node page's document is this object as JSON)
    expect(JSON.stringify(c)).toBe(
      JSON.stringify({
        podRef: { uid: "uid-c", name: "c", namespace: "d" },
        containers: [
          { name: "inodes-only", rootfs: { inodesUsed: 5 }, logs: { usedBytes: 9 }, memory: { rssBytes: 7 } },
          { name: "rss-and-ws", logs: { inodesUsed: 4 }, memory: { workingSetBytes: 6, rssBytes: 8 } },
          { name: "nothing" },
        ],
        volume: [{ name: "inodes", inodesUsed: 2 }, { name: "bare" }],
      }),
    );
  });

  it("shares name and uid strings with the cached pod", () => {
    const cached = { metadata: { name: "a", namespace: "d", uid: "uid-a" } };
    const stored = storeSummary(trimSummary(wire(raw)), (ns, name) => (ns === "d" && name === "a" ? cached : undefined));
    expect(expandSummary(stored).pods![0]!.podRef).toEqual({ name: "a", namespace: "d", uid: "uid-a" });
  });

  it("shares strings pod by pod, stepping over each pod's containers and volumes, and only when all three match", () => {
    const stored = packSummary(trimSummary(wire(raw)));
    const asked: string[] = [];
    // pod "a" matches by name but not uid (a recreated pod): its Summary identity is kept
    sharePodStrings(stored, (ns, name) => {
      asked.push(`${String(ns)}/${String(name)}`);
      return { metadata: { name, namespace: ns, uid: name === "a" ? "uid-a-new" : `uid-${String(name)}` } };
    });
    expect(asked).toEqual(["d/a", "d/b"]);
    expect(expandSummary(stored).pods!.map((p) => p.podRef)).toEqual([
      { name: "a", namespace: "d", uid: "uid-a" },
      { name: "b", namespace: "d", uid: "uid-b" },
    ]);
    expect(expandSummary(stored)).toEqual(expandSummary(storeSummary(trimSummary(wire(raw)))));
  });

  it("keeps a summary the engine rejects whole, so the node reports the same error", () => {
    const bad = structuredClone(raw);
    (bad.pods[0]!.containers[0]!.rootfs as Record<string, unknown>).usedBytes = "12";
    const trimmed = trimSummary(wire(bad));
    const stored = storeSummary(trimmed);
    expect(stored.invalid).toBe(trimmed);
    expect(() => analyzeNode(input(expandSummary(stored)))).toThrow(
      "summary.pods[0].containers[0].rootfs.usedBytes: must be a number",
    );
  });
});
