import { describe, expect, it } from "vitest";

import { adviseNode, type AdvisorInput, type Finding } from "@/lib/whatif/advisor-fixes";

import type { Node, Pod, Summary } from "../k8s-types";

const Mi = 2 ** 20;
const GiB = 2 ** 30;
const FULL_HARD = {
  "nodefs.available": "10%",
  "nodefs.inodesFree": "5%",
  "imagefs.available": "15%",
  "imagefs.inodesFree": "5%",
};
const rules = (fs: Finding[]) => fs.map((f) => `${f.rule}:${f.severity}`);
const node = (capacity: Record<string, string>, allocatablePods = "110"): Node => ({
  metadata: { name: "n1" },
  status: { capacity: { cpu: "8", memory: "32Gi", pods: "110", ...capacity }, allocatable: { pods: allocatablePods } },
});
const advise = (over: Partial<AdvisorInput>) => adviseNode({ name: "n1", kubeletConfig: null, kubeletFlags: null, ...over });

describe("hugepages", () => {
  const hugeNode = node({ "hugepages-1Gi": "8Gi", "hugepages-2Mi": "0" });
  const inflated = { evictionHard: { ...FULL_HARD, "memory.available": "8292Mi" } };
  it("hugepages-counted-twice: an 8Gi+100Mi threshold with the gate on, and its fix takes the 8Gi out", () => {
    const fs = advise({
      kubeletConfig: { ...inflated, featureGates: { HugepageAwareEviction: true } },
      node: hugeNode,
      kubeletVersion: "v1.36.2",
    });
    expect(rules(fs)).toEqual(["hugepages-counted-twice:error"]);
    expect(fs[0]?.message).toContain("8Gi of hugepages");
    expect(fs[0]?.fix?.whatIf).toEqual({ evictionHard: { "memory.available": "100Mi" } });
  });
  it("takes the gate's default from the kubelet version (on from 1.37)", () => {
    expect(rules(advise({ kubeletConfig: inflated, node: hugeNode, kubeletVersion: "v1.37.0" }))).toEqual([
      "hugepages-counted-twice:error",
    ]);
  });
  it("stays silent with the gate on and a threshold that no longer counts hugepages", () => {
    const cfg = { evictionHard: { ...FULL_HARD, "memory.available": "200Mi" }, featureGates: { HugepageAwareEviction: true } };
    expect(advise({ kubeletConfig: cfg, node: hugeNode, kubeletVersion: "v1.37.0" })).toEqual([]);
  });
  it("stays silent with the inflated threshold when the gate is off (the old workaround is right there)", () => {
    expect(advise({ kubeletConfig: inflated, node: hugeNode, kubeletVersion: "v1.35.1" })).toEqual([]);
  });
  it("hugepages-inflate-available: gate off, a threshold below the hugepage total is never met first", () => {
    const fs = advise({
      kubeletConfig: { evictionHard: { ...FULL_HARD, "memory.available": "100Mi" } },
      node: hugeNode,
      kubeletVersion: "v1.35.1",
    });
    expect(rules(fs)).toEqual(["hugepages-inflate-available:warning"]);
    expect(fs[0]?.fix?.yaml).toContain("HugepageAwareEviction: true");
  });
  it("stays silent on a node without hugepages", () => {
    expect(advise({ kubeletConfig: inflated, node: node({ "hugepages-1Gi": "0" }), kubeletVersion: "v1.37.0" })).toEqual([]);
  });
});

function podWith(name: string, limit: string | null): Pod {
  return {
    metadata: { name, namespace: "default", uid: `uid-${name}` },
    spec: { containers: [{ name: "app", resources: limit ? { limits: { memory: limit }, requests: { memory: limit } } : {} }] },
    status: { phase: "Running" },
  };
}
function summaryWith(usage: Record<string, number>): Summary {
  return {
    node: { nodeName: "n1", memory: { availableBytes: 20 * GiB, workingSetBytes: 12 * GiB } },
    pods: Object.entries(usage).map(([name, ws]) => ({
      podRef: { name, namespace: "default", uid: `uid-${name}` },
      containers: [{ name: "app", memory: { workingSetBytes: ws } }],
    })),
  } as Summary;
}

describe("container-near-limit", () => {
  it("fires at 90 % of the limit with the container's numbers", () => {
    const fs = advise({ pods: [podWith("resizer", "512Mi")], summary: summaryWith({ resizer: 480 * Mi }) });
    expect(rules(fs)).toEqual(["container-near-limit:warning"]);
    expect(fs[0]?.message).toContain("480Mi of its 512Mi memory limit (93 %)");
  });
  it("stays silent below 90 % and for containers without a limit", () => {
    const fs = advise({
      pods: [podWith("a", "512Mi"), podWith("b", null)],
      summary: summaryWith({ a: 460 * Mi, b: 4 * GiB }),
    });
    expect(fs).toEqual([]);
  });
});

describe("out-of-pod-slots", () => {
  const pods = (n: number) => Array.from({ length: n }, (_, i) => podWith(`p${i}`, null));
  it("fires when active pods fill every slot, with a maxPods fix below the default", () => {
    const fs = advise({ kubeletConfig: { maxPods: 29 }, node: node({ pods: "29" }, "29"), pods: pods(29) });
    expect(rules(fs)).toEqual(["out-of-pod-slots:warning"]);
    expect(fs[0]?.message).toContain("29 active pods fill all 29 pod slots (maxPods 29)");
    expect(fs[0]?.fix?.yaml).toContain("maxPods: 110");
  });
  it("stays silent with a free slot", () => {
    expect(advise({ node: node({ pods: "29" }, "29"), pods: pods(28) })).toEqual([]);
  });
});
