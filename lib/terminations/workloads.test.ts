import { describe, expect, it } from "vitest";

import type { Termination } from "@/lib/termination-doc";

import { groupByWorkload } from "./workloads";

const MI = 2 ** 20;
let seq = 0;
const t = (p: Partial<Termination>): Termination => ({
  id: `t${seq++}`,
  time: "2026-03-02T14:00:00Z",
  cause: "deleted",
  node: "n1",
  namespace: "default",
  pod: "p",
  workload: { kind: "Deployment", name: "web" },
  priority: 0,
  message: "",
  ...p,
});

describe("groupByWorkload", () => {
  it("groups by namespace, kind and name; repeat offenders first; counts, last time and nodes", () => {
    const groups = groupByWorkload([
      t({ cause: "kubelet-eviction", node: "n2", time: "2026-03-02T14:05:00Z" }),
      t({ cause: "kubelet-eviction", node: "n1", time: "2026-03-02T14:01:00Z" }),
      t({ workload: { kind: "StatefulSet", name: "db" }, cause: "preemption" }),
      t({ namespace: "other", cause: "kubelet-eviction" }),
    ]);
    expect(groups.map((g) => `${g.namespace}/${g.kind}/${g.name}:${g.count}`)).toEqual([
      "default/Deployment/web:2",
      "default/StatefulSet/db:1",
      "other/Deployment/web:1",
    ]);
    expect(groups[0]).toMatchObject({ last: "2026-03-02T14:05:00Z", nodes: ["n1", "n2"], byCause: { "kubelet-eviction": 2 } });
    expect(groups[0]!.terminations[0]!.time).toBe("2026-03-02T14:05:00Z");
  });

  it("suggests the request at the observed peak and a priority class for kubelet evictions", () => {
    const [g] = groupByWorkload([
      t({ cause: "kubelet-eviction", resource: "memory", containers: [{ name: "worker", usage: 700 * MI, request: 256 * MI }] }),
      t({ cause: "kubelet-eviction", resource: "memory", containers: [{ name: "worker", usage: 900 * MI, request: 256 * MI }] }),
    ]);
    expect(g!.suggestions).toEqual([
      "Set the memory request of container worker to its observed peak, 900Mi (now 256Mi): the kubelet evicts pods above their request first.",
      "Give it a PriorityClass: it runs at priority 0, so among pods over their request it goes first.",
    ]);
  });

  it("suggests a higher memory limit for OOM kills at the limit, a PDB for drains, a controller for a bare pod", () => {
    const [oom] = groupByWorkload([
      t({ cause: "oom-killed", container: "resizer", limit: 512 * MI }),
      t({ cause: "oom-killed", container: "resizer", limit: 512 * MI }),
    ]);
    expect(oom!.suggestions).toEqual([
      "Raise the memory limit of container resizer above 512Mi (OOM-killed at it 2 times), or find what grows.",
    ]);
    expect(groupByWorkload([t({ cause: "api-eviction" })])[0]!.suggestions).toEqual([
      "Add a PodDisruptionBudget so a drain evicts its replicas one at a time.",
    ]);
    expect(groupByWorkload([t({ cause: "api-eviction", workload: { kind: "Pod", name: "p" } })])[0]!.suggestions[0]).toMatch(
      /^Run it under a controller/,
    );
    expect(groupByWorkload([t({ cause: "kubelet-eviction", priority: 1000 })])[0]!.suggestions).toEqual([]);
  });
});
