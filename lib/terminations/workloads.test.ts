import { describe, expect, it } from "vitest";

import type { Termination } from "@/lib/contract/termination";

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

  it("suggests the request at the observed peak and a priority class for kubelet evictions (a pod modestly over its request)", () => {
    const [g] = groupByWorkload([
      t({ cause: "kubelet-eviction", resource: "memory", containers: [{ name: "worker", usage: 400 * MI, request: 256 * MI }] }),
      t({ cause: "kubelet-eviction", resource: "memory", containers: [{ name: "worker", usage: 450 * MI, request: 256 * MI }] }),
    ]);
    expect(g!.suggestions).toEqual([
      "Set the memory request of container worker to its observed peak, 450Mi (now 256Mi): the kubelet evicts pods above their request first.",
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

describe("advice that is safe to apply (issue 22)", () => {
  const GI = 1024 * MI;
  const allocatable = (node: string) => (node === "n1" ? { memory: 7 * GI, "ephemeral-storage": 43.8 * GI } : undefined);

  it("never suggests a request above the node's allocatable: a limit, the leak, a bigger pool instead", () => {
    const [g] = groupByWorkload(
      [
        t({
          cause: "kubelet-eviction",
          resource: "ephemeral-storage",
          containers: [{ name: "logger", usage: 72.5 * GI, request: 0 }],
        }),
      ],
      allocatable,
    );
    expect(g!.suggestions).toEqual([
      "Container logger reached 72.5Gi of ephemeral-storage, more than the 43.8Gi allocatable of n1: no request can hold that. Set an ephemeral-storage limit (the kubelet then evicts this pod alone when it passes it, before the node is short), fix what grows, or run it in a pool of bigger nodes.",
    ]);
    expect(g!.suggestions.join(" ")).not.toMatch(/request of container|PriorityClass/);
  });

  it("a request of most of a node is no advice either (6.9Gi on a 7Gi node)", () => {
    const [g] = groupByWorkload(
      [t({ cause: "kubelet-eviction", resource: "memory", containers: [{ name: "worker", usage: 6.9 * GI, request: GI }] })],
      allocatable,
    );
    expect(g!.suggestions[0]).toMatch(
      /^Container worker reached 6.9Gi of memory, 99% of the 7Gi allocatable of n1: no request can hold that\. Set a memory limit/,
    );
  });

  it("a pod evicted again and again far above its request leaks: no PriorityClass, a limit and the leak instead", () => {
    const [g] = groupByWorkload(
      [400, 500, 600].map((u) =>
        t({ cause: "kubelet-eviction", resource: "memory", containers: [{ name: "leaky", usage: u * MI, request: 128 * MI }] }),
      ),
      allocatable,
    );
    expect(g!.suggestions).toEqual([
      "Set the memory request of container leaky to its observed peak, 600Mi (now 128Mi): the kubelet evicts pods above their request first.",
      "It was evicted 3 times, each time at 2× its request or more: that looks like a leak. Set a limit and fix what grows; a higher priority would only make the kubelet evict its neighbours first.",
    ]);
  });

  it("every request it suggests fits in half the node's allocatable (property)", () => {
    for (let usage = 64; usage <= 16 * 1024; usage *= 2) {
      const [g] = groupByWorkload(
        [t({ cause: "kubelet-eviction", resource: "memory", containers: [{ name: "c", usage: usage * MI, request: 0 }] })],
        allocatable,
      );
      const asked = g!.suggestions.find((s) => s.startsWith("Set the memory request"));
      if (asked) expect(usage * MI).toBeLessThanOrEqual(3.5 * GI);
      else expect(usage * MI).toBeGreaterThan(3.5 * GI);
    }
  });
});
