import { describe, expect, it } from "vitest";

import { analyze } from "../analyze";
import { parseAnalyzeInput } from "../document/input";
import type { Container, Pod, ResourceList } from "../k8s-types";
import { parseBytes } from "../quantities/quantity";
import { allocatedPod, podResizeState } from "./allocated";
import { c, mem, OFF, pod, TABLE } from "./oom-score.cases";
import type { FeatureGates } from "./pod-resources";
import { computeQos } from "./qos";

// In-place resize: the kubelet passes GetContainerOOMScoreAdjust the pod with its *allocated*
// resources (policy.go's doc comment; allocation_manager.go UpdatePodFromAllocation). So a pod whose
// spec was resized but whose allocation is still the old one keeps the old oom_score_adj.

// The table's pod after a resize request the kubelet has not allocated: every container's spec
// memory request scaled, the allocation (status) still the table's requests.
// status.qosClass is the one recorded at creation: a resize may not change the QoS class (API validation).
function pendingResize(p: Pod, gates: FeatureGates, scale: (bytes: number) => number): Pod {
  const resized = (ct: Container): Container => {
    const req = ct.resources?.requests;
    if (!req?.memory) return ct;
    return { ...ct, resources: { ...ct.resources, requests: { ...req, memory: String(scale(parseBytes(req.memory))) } } };
  };
  const allocated = (ct: Container) => ({
    name: ct.name,
    allocatedResources: { ...(ct.resources?.requests ?? {}) } as ResourceList,
  });
  return {
    ...p,
    spec: {
      ...p.spec,
      containers: p.spec?.containers?.map(resized),
      ...(p.spec?.initContainers && { initContainers: p.spec.initContainers.map(resized) }),
    },
    status: {
      ...p.status,
      qosClass: computeQos(p, gates, { applyDefaults: false }),
      conditions: [
        { type: "PodResizePending", status: "True", reason: "Deferred", message: "Node didn't have enough resource: memory" },
      ],
      containerStatuses: (p.spec?.containers ?? []).map(allocated),
      initContainerStatuses: (p.spec?.initContainers ?? []).map(allocated),
    },
  };
}

// analyze's pods[] with the table's capacity and gates (node-critical detection needs priorityClassName only).
function oomFromAnalyze(p: Pod, capacity: number, podLevel: boolean) {
  const input = parseAnalyzeInput({
    node: { metadata: { name: "n" }, status: { capacity: { memory: String(capacity), cpu: "4", pods: "110" } } },
    pods: [{ ...p, metadata: { name: "p", namespace: "d", uid: "u" } }],
    featureGates: { PodLevelResources: podLevel },
  });
  return analyze(input).pods[0]!;
}

describe("oom_score_adj from allocated resources: the kubelet table with every pod mid-resize", () => {
  // Pod-level resources are not resized here (InPlacePodLevelResourcesVerticalScaling is alpha).
  const rows = Object.entries(TABLE)
    .filter(([, t]) => !t.pod.spec?.resources)
    .map(([name, t]) => ({ name, t }));
  it.each(rows)("$name keeps the table's value while the resize is pending", ({ t }) => {
    const gates = t.gates ?? OFF;
    const resized = pendingResize(t.pod, gates, (b) => Math.floor(b / 2) + 1);
    const report = oomFromAnalyze(resized, t.capacity, gates.PodLevelResources);
    const got = Object.fromEntries(report.containers.map((ct) => [ct.name, ct.oomScoreAdj]));
    expect(got).toEqual(t.want);
    expect(report.resize).toEqual({
      pending: { reason: "Deferred", message: "Node didn't have enough resource: memory" },
      inProgress: false,
    });
  });
});

describe("allocatedPod", () => {
  const spec = pod({
    containers: [c("app", mem("3Gi"), mem("4Gi"))],
    initContainers: [c("proxy", mem("100Mi"), undefined, true)],
  });

  it("returns the same object when the allocation equals spec (no copy for steady pods)", () => {
    const steady: Pod = { ...spec, status: { containerStatuses: [{ name: "app", allocatedResources: { memory: "3072Mi" } }] } };
    expect(allocatedPod(steady)).toBe(steady);
    expect(allocatedPod(spec)).toBe(spec);
  });

  it("takes each container's allocated requests, keeps spec limits and other containers", () => {
    const p: Pod = {
      ...spec,
      status: { containerStatuses: [{ name: "app", allocatedResources: { memory: "1Gi", cpu: "250m" } }] },
    };
    const a = allocatedPod(p);
    expect(a.spec?.containers?.[0]?.resources).toEqual({ requests: { memory: "1Gi", cpu: "250m" }, limits: { memory: "4Gi" } });
    expect(a.spec?.initContainers?.[0]).toBe(spec.spec?.initContainers?.[0]);
    expect(p.spec?.containers?.[0]?.resources?.requests).toEqual({ memory: "3Gi" }); // input untouched
  });

  it("a pending resize on 8e9 bytes: spec 4e9 would give 500, the allocated 1e9 gives 875", () => {
    const p: Pod = {
      metadata: { name: "api", namespace: "d", uid: "u1" },
      spec: { containers: [c("api", mem("4000000000"), mem("6000000000"))] },
      status: { qosClass: "Burstable", containerStatuses: [{ name: "api", allocatedResources: { memory: "1000000000" } }] },
    };
    const report = oomFromAnalyze(p, 8e9, false);
    expect(report.containers[0]).toEqual({ name: "api", oomScoreAdj: 875, memoryRequest: { spec: 4e9, allocated: 1e9 } });
    // the eviction ranking still reads spec: request 4e9
    const input = parseAnalyzeInput({
      node: { metadata: { name: "n" }, status: { capacity: { memory: "8000000000" } } },
      pods: [p],
    });
    expect(analyze(input).rankings["memory.available"]?.[0]?.request).toBe(4e9);
  });

  it("a sidecar is capped by the smallest *allocated* regular request", () => {
    // spec: main 4e9 (→ 500); allocated: main 1e9 (→ 875); sidecar 4e8 (950) capped at 875, not 500
    const p: Pod = {
      spec: {
        containers: [c("main", mem("4000000000"), mem("8000000000"))],
        initContainers: [c("side", mem("400000000"), mem("8000000000"), true)],
      },
      status: { containerStatuses: [{ name: "main", allocatedResources: { memory: "1000000000" } }] },
    };
    const report = oomFromAnalyze(p, 8e9, false);
    expect(Object.fromEntries(report.containers.map((x) => [x.name, x.oomScoreAdj]))).toEqual({ side: 875, main: 875 });
  });
});

describe("podResizeState", () => {
  const withConditions = (conditions: NonNullable<Pod["status"]>["conditions"]): Pod => ({ status: { conditions } });
  it.each([
    { name: "no conditions", p: withConditions(undefined), want: null },
    { name: "unrelated conditions", p: withConditions([{ type: "Ready", status: "True" }]), want: null },
    { name: "False conditions do not count", p: withConditions([{ type: "PodResizePending", status: "False" }]), want: null },
    {
      name: "in progress",
      p: withConditions([{ type: "PodResizeInProgress", status: "True" }]),
      want: { pending: null, inProgress: true },
    },
    {
      name: "a new resize requested during one in progress: both",
      p: withConditions([
        { type: "PodResizeInProgress", status: "True" },
        { type: "PodResizePending", status: "True", reason: "Infeasible", message: "too big" },
      ]),
      want: { pending: { reason: "Infeasible", message: "too big" }, inProgress: true },
    },
  ])("$name", ({ p, want }) => {
    expect(podResizeState(p)).toEqual(want);
  });

  it("a malformed allocation is refused naming the field", () => {
    const bad = {
      spec: { containers: [{ name: "a" }] },
      status: { containerStatuses: [{ name: "a", allocatedResources: { memory: "12Q" } }] },
    };
    expect(() => parseAnalyzeInput({ node: { metadata: { name: "n" } }, pods: [bad] })).toThrow(
      /pods\[0\]\.status\.containerStatuses\[0\]\.allocatedResources\.memory/,
    );
  });
});
