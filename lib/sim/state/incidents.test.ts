import type { CoreV1Event, V1Node, V1Pod } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startSim, type Sim } from "../sim";
import { kubectlFor, requireKubectl } from "../testing";

// The demo's incidents, read back with the real kubectl: the objects are what a real control
// plane writes (incidents.ts and oom-kills.ts cite the sources).
describe("demo incidents as kubectl sees them", () => {
  let sim: Sim;
  let k: ReturnType<typeof kubectlFor>;
  beforeAll(async () => {
    requireKubectl();
    sim = await startSim({ scenario: "demo" });
    k = kubectlFor(sim.kubeconfigYaml);
  });
  afterAll(() => sim?.close());

  const json = async <T>(args: string[]): Promise<T> => JSON.parse((await k.run([...args, "-o", "json"])).stdout) as T;
  const events = async (reason: string) =>
    (await json<{ items: CoreV1Event[] }>(["get", "events", "-A", "--field-selector", `reason=${reason}`])).items;

  it("OOM-kills the image resizer at its 512Mi limit, restarting it (restartCount grows, exit 137)", async () => {
    sim.advance(600);
    const pods = await json<{ items: V1Pod[] }>(["get", "pods", "-l", "app=image-resizer"]);
    const cs = pods.items[0]!.status!.containerStatuses![0]!;
    expect(cs.restartCount).toBeGreaterThanOrEqual(3);
    expect(cs.lastState!.terminated).toMatchObject({ reason: "OOMKilled", exitCode: 137 });
    expect(cs.state!.running).toBeDefined();
    const oom = await events("SystemOOM");
    expect(oom[0]).toMatchObject({
      type: "Warning",
      involvedObject: { kind: "Node", name: "k8s-node-02" },
      source: { component: "kubelet" },
    });
    expect(oom[0]!.message).toMatch(/^System OOM encountered, victim process: java, pid: \d+$/);
  });

  it("drains a GKE node: cordoned, pods evicted through the Eviction API, then deleted", async () => {
    sim.advance(103); // 703 s: cordoned at 700, pods evicted at 702
    const node = "gke-prod-default-pool-6c2f9d1e-1";
    expect((await k.run(["get", "node", node])).stdout).toContain("SchedulingDisabled");
    const n = await json<V1Node>(["get", "node", node]);
    expect(n.spec!.taints).toContainEqual(
      expect.objectContaining({ key: "node.kubernetes.io/unschedulable", effect: "NoSchedule" }),
    );
    const pods = (await json<{ items: V1Pod[] }>(["get", "pods", "-A", "--field-selector", `spec.nodeName=${node}`])).items;
    const evicting = pods.filter((p) => p.status!.conditions!.some((c) => c.type === "DisruptionTarget"));
    expect(evicting.length).toBeGreaterThan(0);
    expect(evicting[0]!.metadata!.deletionTimestamp).toBeDefined();
    expect(evicting[0]!.status!.conditions![0]).toMatchObject({
      type: "DisruptionTarget",
      status: "True",
      reason: "EvictionByEvictionAPI",
      message: "Eviction API: evicting",
    });
    // DaemonSet pods stay, as `kubectl drain --ignore-daemonsets` leaves them.
    expect(pods.filter((p) => !evicting.includes(p)).every((p) => p.metadata!.ownerReferences![0]!.kind === "DaemonSet")).toBe(
      true,
    );
    sim.advance(5);
    const after = (await json<{ items: V1Pod[] }>(["get", "pods", "-A", "--field-selector", `spec.nodeName=${node}`])).items;
    expect(after.map((p) => p.metadata!.name)).not.toContain(evicting[0]!.metadata!.name);
  });

  it("preempts the lowest-priority pod on k8s-node-01 for the urgent batch pod", async () => {
    sim.advance(1001 - 708);
    const ev = (await events("Preempted"))[0]!;
    expect(ev.source).toMatchObject({ component: "default-scheduler" });
    expect(ev.message).toMatch(/^Preempted by pod [0-9a-f-]{36} on node k8s-node-01$/);
    const victim = await json<V1Pod>(["get", "pod", "-n", ev.involvedObject.namespace!, ev.involvedObject.name!]);
    expect(victim.spec!.priority).toBe(0);
    expect(victim.status!.conditions![0]).toMatchObject({
      type: "DisruptionTarget",
      reason: "PreemptionByScheduler",
      message: "default-scheduler: preempting to accommodate a higher priority pod",
    });
    sim.advance(5);
    const urgent = (await json<{ items: V1Pod[] }>(["get", "pods", "-n", "batch", "-l", "app=urgent-batch"])).items[0]!;
    expect(ev.message).toContain(urgent.metadata!.uid!);
    expect(urgent.spec!.nodeName).toBe("k8s-node-01");
  });

  it("taints an EKS node NoExecute: the taint manager marks and deletes its pods", async () => {
    sim.advance(1303 - 1006);
    const ev = await events("TaintManagerEviction");
    expect(ev.length).toBeGreaterThan(0);
    expect(ev[0]!.message).toBe(`Marking for deletion Pod ${ev[0]!.involvedObject.namespace}/${ev[0]!.involvedObject.name}`);
    const n = await json<V1Node>(["get", "node", "ip-192-168-4-41.us-west-2.compute.internal"]);
    expect(n.spec!.taints).toContainEqual(
      expect.objectContaining({ key: "example.com/maintenance", value: "true", effect: "NoExecute" }),
    );
    const pod = await json<V1Pod>(["get", "pod", "-n", ev[0]!.involvedObject.namespace!, ev[0]!.involvedObject.name!]);
    expect(pod.status!.conditions![0]).toMatchObject({
      type: "DisruptionTarget",
      reason: "DeletionByTaintManager",
      message: "Taint manager: deleting due to NoExecute taint",
    });
  });
});
