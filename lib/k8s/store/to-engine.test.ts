import { describe, expect, it } from "vitest";

import { analyzeNode, requestedTotals, usedFromSummary } from "@/lib/eviction";

import { amounts, engineInput, familyOf, nodeConditions, poolOf, worstMargins } from "./to-engine";
import { trimNode, trimPod, trimSummary } from "./trim";
import { decodeWire, type WireNode, type WirePod, type WireSummary } from "./wire";

const node = trimNode(
  decodeWire<WireNode>(
    {
      metadata: { name: "n1", labels: { "eks.amazonaws.com/nodegroup": "ng" }, managedFields: [{ manager: "kubelet" }] },
      status: {
        capacity: { cpu: "2", memory: "8Gi", pods: "29" },
        allocatable: { cpu: "1930m", memory: "7Gi", pods: "29" },
        conditions: [
          { type: "Ready", status: "True" },
          { type: "MemoryPressure", status: "True" },
        ],
        images: [{ names: ["x"] }],
      },
    },
    "node",
  ),
);
const pod = (name: string, phase: string, mem: string) =>
  trimPod(
    decodeWire<WirePod>(
      {
        metadata: { name, namespace: "d", uid: name, managedFields: [{}] },
        spec: {
          nodeName: "n1",
          containers: [{ name: "c", image: "x", env: [{ name: "A" }], resources: { requests: { memory: mem, cpu: "100m" } } }],
        },
        status: { phase },
      },
      "pod",
    ),
  )!;
const summary = trimSummary(
  decodeWire<WireSummary>(
    {
      node: {
        nodeName: "n1",
        memory: { availableBytes: 500 * 2 ** 20, workingSetBytes: 7.5 * 2 ** 30 },
        fs: { availableBytes: 50e9, capacityBytes: 100e9, usedBytes: 50e9, inodesFree: 9e5, inodes: 1e6 },
        cpu: { usageNanoCores: 250e6 },
        network: { rxBytes: 1 },
      },
      pods: [
        {
          podRef: { name: "a", namespace: "d", uid: "a" },
          containers: [{ name: "c", memory: { workingSetBytes: 2 ** 30 }, cpu: {} }],
          memory: { workingSetBytes: 2 ** 30 },
        },
      ],
    },
    "summary",
  ),
);

describe("trim", () => {
  it("drops managedFields, env and Succeeded pods; keeps image names and sizes (which images are unused)", () => {
    expect(JSON.stringify(node)).not.toMatch(/managedFields/);
    expect(node.status.images).toEqual([{ names: ["x"], sizeBytes: 0 }]);
    expect(JSON.stringify(pod("a", "Running", "1Gi"))).not.toMatch(/managedFields|env/);
    expect(JSON.stringify(pod("a", "Running", "1Gi"))).toMatch(/"image":"x"/);
    expect(trimPod({ metadata: { name: "s" }, spec: {}, status: { phase: "Succeeded" } })).toBeNull();
    expect(trimPod({ metadata: { name: "e" }, spec: {}, status: { phase: "Failed", reason: "Evicted" } })).not.toBeNull();
    expect(JSON.stringify(summary)).not.toContain("network");
  });
});

describe("to-engine", () => {
  it("builds an input the engine accepts, with the same result as the untrimmed objects", () => {
    const input = engineInput(node, [pod("a", "Running", "1Gi")], summary, {
      source: "configz",
      kubeletConfig: { evictionHard: { "memory.available": "100Mi" } },
      kubeletFlags: null,
    });
    const out = analyzeNode(input);
    expect(out.node).toBe("n1");
    expect(out.thresholdSource).toBe("kubeletConfig");
    expect(out.rankings["memory.available"]![0]).toMatchObject({ name: "a", usage: 2 ** 30 });
  });

  it("picks the worst margin per family by fraction of capacity", () => {
    const w = worstMargins({
      signals: [
        {
          signal: "memory.available",
          available: 100,
          capacity: 1000,
          thresholds: [
            { kind: "hard", value: 50, margin: 50, met: false },
            { kind: "soft", value: 200, margin: -100, met: true },
          ],
        },
        {
          signal: "nodefs.available",
          available: 10,
          capacity: 100,
          thresholds: [{ kind: "hard", value: 5, margin: 5, met: false }],
        },
      ],
    });
    expect(w.memory).toEqual({ signal: "memory.available", margin: -100, fraction: -0.1, kind: "soft", met: true });
    expect(w.disk!.fraction).toBe(0.05); // 5 / 100
    expect(w.pid).toBeNull();
    expect(familyOf("allocatableMemory.available")).toBe("memory");
    expect(familyOf("imagefs.inodesFree")).toBe("disk");
  });

  it("sums requests of active pods only and reads usage, amounts, pool and conditions", () => {
    expect(
      requestedTotals([pod("a", "Running", "1Gi"), pod("b", "Pending", "512Mi"), pod("c", "Failed", "4Gi")] as never),
    ).toEqual({ cpu: 200, memory: 1.5 * 2 ** 30, "ephemeral-storage": 0, pods: 2 });
    expect(usedFromSummary(summary)).toEqual({ cpu: 250, memory: 7.5 * 2 ** 30, "ephemeral-storage": 50e9 });
    expect(amounts({ cpu: "1930m", memory: "7Gi", bad: "12Qi" })).toEqual({ cpu: 1930, memory: 7 * 2 ** 30 });
    expect(poolOf(node.metadata.labels)).toBe("ng");
    expect(nodeConditions(node)).toEqual({
      ready: "True",
      conditions: { MemoryPressure: true, DiskPressure: false, PIDPressure: false, NetworkUnavailable: false },
    });
  });
});

describe("trim: repeated strings kept once", () => {
  const wireNode = (name: string) =>
    JSON.parse(
      JSON.stringify({
        metadata: { name, labels: { "node.kubernetes.io/instance-type": "m5.large", "kubernetes.io/hostname": name } },
        status: {
          conditions: [
            {
              type: "MemoryPressure",
              status: "False",
              reason: "KubeletHasSufficientMemory",
              message: "kubelet has sufficient memory available",
              lastHeartbeatTime: "2026-11-28T08:00:00Z",
            },
          ],
          nodeInfo: { kubeletVersion: "v1.36.1", osImage: "Ubuntu 24.04.2 LTS", machineID: name },
          images: [{ names: ["registry.k8s.io/pause:3.10"], sizeBytes: 321 }],
        },
      }),
    ) as Parameters<typeof trimNode>[0];
  it("shares a pool's label values, condition words, nodeInfo and image list between nodes, values unchanged", () => {
    const [a, b] = [trimNode(wireNode("n-a")), trimNode(wireNode("n-b"))];
    expect(a.metadata.labels).toEqual({ "node.kubernetes.io/instance-type": "m5.large", "kubernetes.io/hostname": "n-a" });
    expect(a.status.conditions).toEqual([
      {
        type: "MemoryPressure",
        status: "False",
        reason: "KubeletHasSufficientMemory",
        message: "kubelet has sufficient memory available",
        lastHeartbeatTime: "2026-11-28T08:00:00Z",
      },
    ]);
    expect(a.status.nodeInfo).toEqual({ kubeletVersion: "v1.36.1", osImage: "Ubuntu 24.04.2 LTS" });
    // one frozen copy for both nodes (a node's own copy would be another object)
    expect(a.status.nodeInfo).toBe(b.status.nodeInfo);
    expect(a.status.images).toBe(b.status.images);
    expect(Object.isFrozen(a.status.images)).toBe(true);
    expect(a.status.conditions![0]).not.toBe(b.status.conditions![0]);
  });
});
