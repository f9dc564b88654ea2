import type { V1Node, V1Pod } from "@kubernetes/client-node";
import { afterEach, describe, expect, it } from "vitest";

import { startSim, type Sim } from "./sim";
import { loadScenario, scenarioNames } from "./state/scenario";
import { compileCurve, valueAt } from "./state/workload";
import { kubectlFor, requireKubectl } from "./testing";

let sim: Sim | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const cond = (s: Sim, node: number, type: string) => s.cluster.nodes[node]!.conditions.get(type)!.status;

describe("scenarios", () => {
  it("bundles the required scenarios, and each one starts", async () => {
    expect(scenarioNames()).toEqual(
      expect.arrayContaining([
        "healthy",
        "memory-pressure",
        "disk-pressure",
        "pid-pressure",
        "stale-lease",
        "mixed-pools",
        "large",
      ]),
    );
    for (const name of scenarioNames()) {
      const s = await startSim({ scenario: name });
      s.advance(20);
      expect(s.cluster.nodes.length).toBeGreaterThan(0);
      await s.close();
    }
  });

  it("memory-pressure: soft threshold raises MemoryPressure, the hard one evicts the leaking worker", async () => {
    requireKubectl();
    sim = await startSim({ scenario: "memory-pressure" });
    sim.advance(270);
    expect(cond(sim, 0, "MemoryPressure")).toBe("True");
    const node = sim.cluster.stores.nodes.materialize(sim.cluster.stores.nodes.get("", sim.cluster.nodes[0]!.name)!) as V1Node;
    expect(node.spec!.taints).toContainEqual(
      expect.objectContaining({ key: "node.kubernetes.io/memory-pressure", effect: "NoSchedule" }),
    );
    sim.advance(60);
    const evicted = [...sim.cluster.stores.pods.values()].find((e) => e.src.evicted);
    expect(evicted?.src.t.name).toBe("report-worker");
    const pod = sim.cluster.stores.pods.materialize(evicted!) as V1Pod;
    expect(pod.status).toMatchObject({ phase: "Failed", reason: "Evicted" });
    expect(pod.status!.message).toMatch(
      /^The node was low on resource: memory\. Threshold quantity: 300Mi, available: \d+Ki\. Container worker was using \d+(Ki|Mi), request is 256Mi, has larger consumption of memory\. $/,
    );
    expect(pod.status!.conditions![0]).toMatchObject({
      type: "DisruptionTarget",
      status: "True",
      reason: "TerminationByKubelet",
    });
    const k = kubectlFor(sim.kubeconfigYaml);
    const ev = await k.run(["get", "events", "-A", "--field-selector", "reason=Evicted", "-o", "json"]);
    const items = JSON.parse(ev.stdout).items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      type: "Warning",
      reason: "Evicted",
      involvedObject: { kind: "Pod", name: pod.metadata!.name },
      source: { component: "kubelet" },
    });
    const desc = await k.run(["describe", "node", sim.cluster.nodes[0]!.name]);
    expect(desc.stdout).toContain("NodeHasInsufficientMemory");
    sim.advance(30);
    expect([...sim.cluster.nodes[1]!.pods].some((p) => p.t.name === "report-worker" && p.phase === "Running")).toBe(true);
  });

  it("disk-pressure: image GC reclaims first, then the CI job and the logger are evicted", async () => {
    sim = await startSim({ scenario: "disk-pressure" });
    sim.advance(800);
    const msgs = [...sim.cluster.stores.pods.values()]
      .filter((e) => e.src.evicted)
      .map((e) => `${e.src.t.name}: ${e.src.evicted!.message}`);
    expect(msgs.some((m) => m.startsWith("ci-build: The node was low on resource: ephemeral-storage."))).toBe(true);
    expect(msgs.some((m) => m.startsWith("chatty-logger: The node was low on resource: ephemeral-storage."))).toBe(true);
    const reclaim = [...sim.cluster.stores.events.values()].filter((e) => e.src.reason === "EvictionThresholdMet");
    expect(reclaim.length).toBeGreaterThan(0);
  });

  it("pid-pressure: the forking job goes first", async () => {
    sim = await startSim({ scenario: "pid-pressure" });
    sim.advance(400);
    const ev = [...sim.cluster.stores.pods.values()].filter((e) => e.src.evicted);
    expect(ev[0]?.src.t.name).toBe("forker");
    expect(ev[0]?.src.evicted?.message).toMatch(
      /^The node was low on resource: pids\. Threshold quantity: 3276, available: \d+\. $/,
    );
  });

  it("stale-lease: the node goes NotReady 40 s after its last renewal", async () => {
    sim = await startSim({ scenario: "stale-lease" });
    sim.advance(60);
    expect(cond(sim, 0, "Ready")).toBe("True");
    sim.advance(20);
    expect(cond(sim, 0, "Ready")).toBe("Unknown");
    expect(cond(sim, 1, "Ready")).toBe("True");
  });
});

describe("pod QoS", () => {
  it("is computed from each workload's spec", async () => {
    sim = await startSim({ scenario: "memory-pressure" });
    const store = sim.cluster.stores.pods;
    const pods = [...store.values()].map((e) => store.materialize(e) as unknown as V1Pod);
    const qos = (prefix: string) => pods.find((p) => p.metadata?.name?.startsWith(prefix))?.status?.qosClass;
    expect(qos("checkout")).toBe("Burstable");
    expect(qos("cache")).toBe("Guaranteed");
    expect(qos("node-exporter")).toBe("Burstable");
  });
});

describe("scenario parameters and periodic curves", () => {
  it("refuses a parameter the scenario does not declare, naming it and what it takes", () => {
    expect(() => loadScenario("demo", { nodes: 300 })).toThrow("scenario demo: unknown parameter nodes (it takes no parameters)");
    expect(() => loadScenario("large", { nodes: 10, replica: 2 })).toThrow(
      "scenario large: unknown parameter replica (it takes nodes, deployments, replicas)",
    );
    expect(loadScenario("large", { nodes: 10 }).params.nodes).toBe(10);
  });

  it("restarts a curve with a period: a batch that fills up, finishes and starts again", () => {
    const c = compileCurve("memory", { from: "1Gi", to: "2Gi", over: 100, after: 0, jitter: 0, period: 150 });
    expect(valueAt(c, 50, "k")).toBe(1.5 * 2 ** 30);
    expect(valueAt(c, 120, "k")).toBe(2 * 2 ** 30);
    expect(valueAt(c, 150, "k")).toBe(2 ** 30);
    expect(valueAt(c, 200, "k")).toBe(1.5 * 2 ** 30);
  });
});
