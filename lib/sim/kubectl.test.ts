import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Summary } from "../eviction";
import { startSim, type Sim } from "./sim";
import { kubectlFor, requireKubectl, waitFor } from "./testing";

describe("kubectl against the healthy scenario", () => {
  let sim: Sim;
  let k: ReturnType<typeof kubectlFor>;
  beforeAll(async () => {
    requireKubectl();
    sim = await startSim({ scenario: "healthy" });
    k = kubectlFor(sim.kubeconfigYaml);
  });
  afterAll(() => sim?.close());

  it("gets nodes with server-side columns", async () => {
    const r = await k.run(["get", "nodes"]);
    expect(r.stderr).toBe("");
    expect(r.stdout).toMatch(/^NAME\s+STATUS\s+ROLES\s+AGE\s+VERSION/);
    expect(r.stdout.match(/ Ready /g)).toHaveLength(3);
  });

  it("lists all pods in chunks of 5", async () => {
    sim.counters.reset();
    const r = await k.run(["get", "pods", "-A", "--chunk-size=5", "--no-headers"]);
    expect(r.stdout.trim().split("\n")).toHaveLength(sim.cluster.stores.pods.size);
    expect(sim.counters.get("apiserver.list.pods")).toBe(Math.ceil(sim.cluster.stores.pods.size / 5));
  });

  it("gets leases in kube-node-lease", async () => {
    const r = await k.run(["get", "leases", "-n", "kube-node-lease", "--no-headers"]);
    expect(
      r.stdout
        .trim()
        .split("\n")
        .map((l) => l.split(/\s+/)[0]),
    ).toEqual(sim.cluster.nodes.map((n) => n.name));
  });

  it("describes a node whose Allocated resources add up", async () => {
    const node = sim.cluster.nodes[0]!;
    const r = await k.run(["describe", "node", node.name]);
    expect(r.code).toBe(0);
    const pods = [...node.pods];
    const cpu = pods.reduce((a, p) => a + p.t.containers.reduce((b, c) => b + milli(c.resources.requests?.cpu), 0), 0);
    const alloc = r.stdout.split("Allocated resources:")[1]!;
    expect(alloc).toMatch(new RegExp(`cpu\\s+${cpu}m \\(`));
    expect(r.stdout).toContain(`Non-terminated Pods:          (${pods.length} in total)`);
  });

  it("reads the summary through the node proxy, with consistent memory", async () => {
    const node = sim.cluster.nodes[1]!;
    const r = await k.run(["get", "--raw", `/api/v1/nodes/${node.name}/proxy/stats/summary`]);
    const s = JSON.parse(r.stdout) as Summary;
    const mem = s.node!.memory!;
    expect(mem.availableBytes! + mem.workingSetBytes!).toBe(16132820 * 1024);
    const pods = (s.pods ?? []).reduce((a, p) => a + p.memory!.workingSetBytes!, 0);
    const podsSys = s.node!.systemContainers!.find((c) => c.name === "pods")!;
    expect(podsSys.memory!.workingSetBytes).toBe(pods);
  });

  it("answers 404 with a NotFound Status", async () => {
    const r = await k.run(["get", "node", "nope"]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('Error from server (NotFound): nodes "nope" not found');
  });

  it("watches nodes and sees a condition change", async () => {
    const w = k.stream(["get", "nodes", "-w", "--request-timeout=20s"]);
    await waitFor(() => w.output().includes("Ready"));
    const n = sim.cluster.nodes[2]!;
    n.stopsAt = sim.clock.now();
    sim.advance(60);
    await waitFor(() => w.output().includes("NotReady"));
    w.child.kill();
    expect(w.output()).toMatch(new RegExp(`${n.name.replaceAll(".", "\\.")}\\s+NotReady`));
  });
});

function milli(q: string | undefined): number {
  if (!q) return 0;
  return q.endsWith("m") ? Number(q.slice(0, -1)) : Number(q) * 1000;
}
