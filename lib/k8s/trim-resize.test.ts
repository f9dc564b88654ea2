import { describe, expect, it } from "vitest";

import { trimPod } from "./store/trim";

// A pod as a v1.33 API server serves it mid in-place resize (shape of lib/sim/kubelet/resize.ts).
const resizing = {
  metadata: { name: "api-1", namespace: "d", uid: "u1" },
  spec: {
    nodeName: "n",
    containers: [{ name: "api", image: "x", resources: { requests: { memory: "6912Mi" }, limits: { memory: "7Gi" } } }],
  },
  status: {
    phase: "Running",
    qosClass: "Burstable",
    conditions: [
      { type: "Ready", status: "True", lastTransitionTime: "2026-03-02T09:00:00Z" },
      {
        type: "PodResizePending",
        status: "True",
        reason: "Deferred",
        message: "Node didn't have enough resource: memory",
        lastTransitionTime: "2026-03-02T09:02:00Z",
        lastProbeTime: "2026-03-02T09:02:00Z",
      },
    ],
    containerStatuses: [
      {
        name: "api",
        image: "x",
        ready: true,
        restartCount: 0,
        allocatedResources: { memory: "512Mi" },
        resources: { requests: { memory: "512Mi" }, limits: { memory: "7Gi" } },
      },
    ],
  },
};

describe("trimPod keeps what oom_score_adj needs during a resize", () => {
  it("keeps the resize condition and each container's allocated and applied resources", () => {
    const t = trimPod(resizing)!;
    expect(t.status.conditions).toEqual([
      {
        type: "PodResizePending",
        status: "True",
        reason: "Deferred",
        message: "Node didn't have enough resource: memory",
        lastTransitionTime: "2026-03-02T09:02:00Z",
      },
    ]);
    expect(t.status.containerStatuses).toEqual([
      {
        name: "api",
        allocatedResources: { memory: "512Mi" },
        resources: { requests: { memory: "512Mi" }, limits: { memory: "7Gi" } },
      },
    ]);
  });

  it("drops container statuses of pods that are not resizing", () => {
    const steady = { ...resizing, status: { ...resizing.status, conditions: [resizing.status.conditions[0]!] } };
    expect(trimPod(steady)!.status.containerStatuses).toBeUndefined();
  });
});
