import { describe, expect, it } from "vitest";

import { deletionTermination, eventTermination, mergeTermination, podTerminations, workloadOf, type PodLike } from "./recognize";

// Pod statuses as the components write them (messages from the Kubernetes sources cited in recognize.ts).
const rsOwner = [{ kind: "ReplicaSet", name: "shop-7d9f8c6b5" }];
const pod = (status: PodLike["status"], extra: Partial<PodLike> = {}): PodLike => ({
  metadata: { name: "shop-7d9f8c6b5-x2x4z", namespace: "default", ownerReferences: rsOwner },
  spec: { nodeName: "n1", priority: 0, containers: [{ name: "app", resources: { limits: { memory: "1Gi" } } }] },
  status,
  ...extra,
});
const dt = (reason: string, message: string) => ({
  type: "DisruptionTarget",
  status: "True",
  reason,
  message,
  lastTransitionTime: "2026-03-02T14:03:00Z",
});
const KUBELET_MSG =
  "The node was low on resource: memory. Threshold quantity: 100Mi, available: 63656Ki. Container app was using 600Mi, request is 512Mi, has larger consumption of memory. ";

describe("podTerminations", () => {
  it("kubelet eviction: status.reason Evicted with TerminationByKubelet, the message taken apart, the signal from the node", () => {
    const [t] = podTerminations(
      pod({ phase: "Failed", reason: "Evicted", message: KUBELET_MSG, conditions: [dt("TerminationByKubelet", KUBELET_MSG)] }),
      { signalFor: () => "memory.available" },
    );
    expect(t).toMatchObject({
      cause: "kubelet-eviction",
      time: "2026-03-02T14:03:00Z",
      node: "n1",
      priority: 0,
      signal: "memory.available",
      resource: "memory",
      thresholdQuantity: 100 * 2 ** 20,
      available: 63656 * 1024,
      containers: [{ name: "app", usage: 600 * 2 ** 20, request: 512 * 2 ** 20 }],
      workload: { kind: "Deployment", name: "shop" },
    });
  });

  it.each([
    ["EvictionByEvictionAPI", "Eviction API: evicting", "api-eviction"],
    ["PreemptionByScheduler", "default-scheduler: preempting to accommodate a higher priority pod", "preemption"],
    ["DeletionByTaintManager", "Taint manager: deleting due to NoExecute taint", "taint-manager"],
    ["DeletionByPodGC", "PodGC: node no longer exists", "pod-gc"],
  ])("DisruptionTarget %s is %s", (reason, message, cause) => {
    const [t] = podTerminations(pod({ phase: "Running", conditions: [dt(reason, message)] }), {
      taints: [
        { key: "k", value: "v", effect: "NoExecute" },
        { key: "x", effect: "NoSchedule" },
      ],
      unschedulable: true,
    });
    expect(t).toMatchObject({ cause, message, time: "2026-03-02T14:03:00Z" });
    if (cause === "taint-manager") expect(t!.taints).toEqual(["k=v:NoExecute"]);
    if (cause === "api-eviction") expect(t!.cordoned).toBe(true);
  });

  it("ignores a DisruptionTarget that is False or has an unknown reason", () => {
    expect(podTerminations(pod({ conditions: [{ ...dt("EvictionByEvictionAPI", ""), status: "False" }] }))).toEqual([]);
    expect(podTerminations(pod({ conditions: [dt("SomethingElse", "")] }))).toEqual([]);
  });

  it("node shutdown: TerminationByKubelet without an eviction message keeps the message", () => {
    const [t] = podTerminations(
      pod({
        phase: "Failed",
        reason: "Terminated",
        message: "Pod was terminated in response to imminent node shutdown.",
        conditions: [dt("TerminationByKubelet", "Pod was terminated in response to imminent node shutdown.")],
      }),
    );
    expect(t).toMatchObject({
      cause: "kubelet-eviction",
      resource: null,
      message: "Pod was terminated in response to imminent node shutdown.",
    });
  });

  it("OOMKilled: one record per restart, with the container's memory limit", () => {
    const status = (restartCount: number) => ({
      phase: "Running",
      containerStatuses: [
        {
          name: "app",
          restartCount,
          lastState: { terminated: { reason: "OOMKilled", exitCode: 137, finishedAt: "2026-03-02T14:05:00Z" } },
        },
      ],
    });
    const [a] = podTerminations(pod(status(3)));
    const [b] = podTerminations(pod(status(4)));
    expect(a).toMatchObject({ cause: "oom-killed", container: "app", limit: 2 ** 30, restartCount: 3, exitCode: 137 });
    expect(a!.id).not.toBe(b!.id);
    // A container that ended for another reason is not an OOM kill.
    expect(
      podTerminations(
        pod({
          containerStatuses: [{ name: "app", restartCount: 1, lastState: { terminated: { reason: "Error", exitCode: 1 } } }],
        }),
      ),
    ).toEqual([]);
  });
});

describe("deletionTermination", () => {
  it("a running pod deleted without a DisruptionTarget is 'deleted'; terminal or disrupted pods are not", () => {
    expect(
      deletionTermination(
        pod({ phase: "Running" }, { metadata: { name: "p", namespace: "d", deletionTimestamp: "2026-03-02T14:00:30Z" } }),
        null,
      ),
    ).toMatchObject({ cause: "deleted", time: "2026-03-02T14:00:30Z" });
    expect(deletionTermination(pod({ phase: "Failed" }), "t")).toBeNull();
    expect(deletionTermination(pod({ phase: "Running", conditions: [dt("EvictionByEvictionAPI", "")] }), "t")).toBeNull();
  });
});

describe("eventTermination", () => {
  const ev = (reason: string, message: string, kind = "Pod", name = "shop-7d9f8c6b5-x2x4z") => ({
    reason,
    message,
    kind,
    namespace: kind === "Pod" ? "default" : "default",
    name,
    node: kind === "Node" ? name : null,
    time: "2026-03-02T14:03:02Z",
  });

  it("Preempted: the preemptor's UID and the node from the scheduler's message", () => {
    const t = eventTermination(
      ev("Preempted", "Preempted by pod 0b7e6b1a-1f2c-4c55-9d3e-6f0a2b1c3d4e on node k8s-node-01"),
      undefined,
    );
    expect(t).toMatchObject({
      cause: "preemption",
      preemptor: "0b7e6b1a-1f2c-4c55-9d3e-6f0a2b1c3d4e",
      node: "k8s-node-01",
      workload: { kind: "Pod" },
    });
  });

  it("TaintManagerEviction: marking is a termination, cancelling is not", () => {
    expect(
      eventTermination(ev("TaintManagerEviction", "Marking for deletion Pod default/shop-7d9f8c6b5-x2x4z"), pod({})),
    ).toMatchObject({ cause: "taint-manager", node: "n1", workload: { kind: "Deployment", name: "shop" } });
    expect(
      eventTermination(ev("TaintManagerEviction", "Cancelling deletion of Pod default/shop-7d9f8c6b5-x2x4z"), pod({})),
    ).toBeNull();
  });

  it("SystemOOM: the victim process and pid, or none (oom_watcher_linux.go writes both forms)", () => {
    expect(
      eventTermination(
        ev("SystemOOM", "System OOM encountered, victim process: java, pid: 4242", "Node", "k8s-node-02"),
        undefined,
      ),
    ).toMatchObject({ cause: "system-oom", node: "k8s-node-02", process: "java", pid: 4242 });
    expect(
      eventTermination(ev("SystemOOM", "(combined from similar events): System OOM encountered", "Node", "n"), undefined),
    ).toMatchObject({ process: null, pid: null });
  });

  it("Evicted: the kubelet's event is the same eviction as the pod's status (same id)", () => {
    const fromEvent = eventTermination(ev("Evicted", KUBELET_MSG), undefined)!;
    const [fromPod] = podTerminations(pod({ phase: "Failed", reason: "Evicted", message: KUBELET_MSG }));
    expect(fromEvent.id).toBe(fromPod!.id);
    const merged = mergeTermination(fromPod!, fromEvent);
    expect(merged.time).toBe("2026-03-02T14:03:02Z");
    expect(merged.workload).toEqual({ kind: "Deployment", name: "shop" });
  });

  it("other reasons are not terminations", () => {
    expect(eventTermination(ev("Killing", "Stopping container app"), undefined)).toBeNull();
  });
});

describe("workloadOf", () => {
  it.each([
    [[{ kind: "ReplicaSet", name: "web-5b876b98f8" }], { kind: "Deployment", name: "web" }],
    [[{ kind: "Job", name: "backup-28975680" }], { kind: "CronJob", name: "backup" }],
    [[{ kind: "StatefulSet", name: "db" }], { kind: "StatefulSet", name: "db" }],
    [undefined, { kind: "Pod", name: "bare" }],
  ])("%j -> %j", (owners, want) => {
    expect(workloadOf(owners, "bare")).toEqual(want);
  });
});
