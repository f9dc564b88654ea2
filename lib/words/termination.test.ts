import { describe, expect, it } from "vitest";

import type { Termination } from "@/lib/contract/termination";

import { ordinal, terminationVerdict } from "./termination";

const MI = 2 ** 20;
const base: Termination = {
  id: "x",
  time: "2026-03-02T14:03:00Z",
  cause: "deleted",
  node: "n1",
  namespace: "default",
  pod: "p",
  workload: { kind: "Deployment", name: "app" },
  priority: 0,
  message: "",
};
const hhmm = (iso: string) => iso.slice(11, 16);
const verdict = (t: Partial<Termination>) => terminationVerdict({ ...base, ...t }, hhmm);

describe("terminationVerdict", () => {
  it("kubelet eviction: signal, usage against request, priority", () => {
    expect(
      verdict({
        cause: "kubelet-eviction",
        signal: "memory.available",
        resource: "memory",
        thresholdQuantity: 100 * MI,
        available: 62 * MI,
        containers: [{ name: "app", usage: 600 * MI, request: 512 * MI }],
      }),
    ).toBe(
      "Evicted by the kubelet at 14:03 for memory.available (threshold 100Mi, 62Mi available): app used 600Mi against a 512Mi request, priority 0",
    );
    expect(verdict({ cause: "kubelet-eviction", signal: null, resource: "ephemeral-storage", containers: [], priority: 5 })).toBe(
      "Evicted by the kubelet at 14:03 for low ephemeral-storage: no container above its request, priority 5",
    );
    expect(
      verdict({
        cause: "kubelet-eviction",
        resource: null,
        message: "Pod was terminated in response to imminent node shutdown.",
      }),
    ).toBe("Terminated by the kubelet at 14:03: Pod was terminated in response to imminent node shutdown., priority 0");
  });

  it("OOM-killed at the limit, with the restart as an ordinal", () => {
    expect(verdict({ cause: "oom-killed", container: "app", limit: 1024 * MI, restartCount: 3 })).toBe(
      "OOM-killed by the kernel in container app at its 1Gi limit at 14:03 (3rd restart)",
    );
    expect(verdict({ cause: "oom-killed", container: "app", limit: null, restartCount: 0 })).toBe(
      "OOM-killed by the kernel in container app with no memory limit (the node ran out of memory) at 14:03",
    );
  });

  it("eviction API, preemption, taint manager, pod GC, system OOM, deletion", () => {
    expect(verdict({ cause: "api-eviction", cordoned: true })).toBe(
      "Evicted through the eviction API at 14:03 while the node was cordoned (a drain), priority 0",
    );
    expect(verdict({ cause: "api-eviction", cordoned: false, priority: null })).toBe(
      "Evicted through the eviction API at 14:03 (a drain, the descheduler or the cluster autoscaler)",
    );
    expect(verdict({ cause: "preemption", preemptor: "batch/urgent-x" })).toBe(
      "Preempted by the scheduler at 14:03 for pod batch/urgent-x, priority 0",
    );
    expect(verdict({ cause: "taint-manager", taints: ["example.com/maintenance=true:NoExecute"] })).toBe(
      "Deleted by the taint manager at 14:03: the node had the NoExecute taint example.com/maintenance=true:NoExecute and the pod did not tolerate it (or its tolerationSeconds ran out)",
    );
    expect(verdict({ cause: "pod-gc", message: "PodGC: node no longer exists" })).toBe(
      "Deleted by the pod garbage collector at 14:03: PodGC: node no longer exists",
    );
    expect(verdict({ cause: "system-oom", process: "java", pid: 4242 })).toBe(
      "System OOM on the node at 14:03: the kernel killed process java (pid 4242) outside a container's own limit",
    );
    expect(verdict({ cause: "deleted", time: null })).toBe(
      "Deleted while running, with no disruption condition (a user, a rollout or a scale-down)",
    );
  });
});

describe("ordinal", () => {
  it.each([
    [1, "1st"],
    [2, "2nd"],
    [3, "3rd"],
    [4, "4th"],
    [11, "11th"],
    [12, "12th"],
    [13, "13th"],
    [21, "21st"],
    [102, "102nd"],
    [111, "111th"],
  ])("%i -> %s", (n, s) => {
    expect(ordinal(n)).toBe(s);
  });
});
