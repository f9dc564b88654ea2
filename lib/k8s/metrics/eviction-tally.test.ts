import { describe, expect, it } from "vitest";

import type { SignalReport } from "@/lib/eviction";
import { owningWorkload } from "@/lib/terminations/owner";

import { evictionSignal, EvictionTally } from "./eviction-tally";

const labels = { node: "n1", namespace: "default", workload_kind: "Deployment", workload: "web", signal: "memory.available" };

describe("owningWorkload", () => {
  it.each([
    [[{ kind: "ReplicaSet", name: "checkout-7d9f8b6c5d" }], { kind: "Deployment", name: "checkout" }],
    // "a" and "e" are not in the hash alphabet: a hand-named ReplicaSet stays itself
    [[{ kind: "ReplicaSet", name: "legacy-set-a" }], { kind: "ReplicaSet", name: "legacy-set-a" }],
    [[{ kind: "Job", name: "backup-29384756" }], { kind: "CronJob", name: "backup" }],
    [[{ kind: "Job", name: "migrate" }], { kind: "Job", name: "migrate" }],
    [[{ kind: "StatefulSet", name: "db" }], { kind: "StatefulSet", name: "db" }],
    [[{ kind: "DaemonSet", name: "node-exporter" }], { kind: "DaemonSet", name: "node-exporter" }],
    [undefined, { kind: "", name: "" }],
  ])("%j → %j", (owners, want) => {
    expect(owningWorkload(owners)).toEqual(want);
  });
});

describe("evictionSignal", () => {
  const report = (signal: string, met: boolean) => ({ signal, thresholds: [{ kind: "hard", met }] }) as unknown as SignalReport;
  const msg = (r: string) => `The node was low on resource: ${r}. Threshold quantity: 300Mi, available: 200Mi. `;

  it("names the met signal of the starved resource, memory first", () => {
    expect(
      evictionSignal(msg("memory"), [
        report("nodefs.available", true),
        report("allocatableMemory.available", true),
        report("memory.available", true),
      ]),
    ).toBe("allocatableMemory.available");
    expect(evictionSignal(msg("ephemeral-storage"), [report("memory.available", true), report("imagefs.available", true)])).toBe(
      "imagefs.available",
    );
  });

  it("says unknown when no threshold of that resource was met in Headroom's view, or the message is not the kubelet's", () => {
    expect(evictionSignal(msg("memory"), [report("memory.available", false)])).toBe("unknown");
    expect(evictionSignal(msg("memory"), null)).toBe("unknown");
    expect(evictionSignal("deleted by someone", [report("memory.available", true)])).toBe("unknown");
  });
});

describe("EvictionTally", () => {
  it("counts one eviction once, whether its pod status or its Event arrives first or again", () => {
    const t = new EvictionTally();
    expect(t.observe("web-1", labels, 1_000_000)).toBe(true);
    expect(t.observe("web-1", labels, 1_003_000)).toBe(false); // the Event, 3 s later
    expect(t.observe("web-1", labels, 1_000_000)).toBe(false); // a relisted Event keeps its time
    expect(t.entries()).toEqual([{ labels, value: 1 }]);
  });

  it("counts the same pod name again when it is evicted again later (a StatefulSet pod)", () => {
    const t = new EvictionTally();
    t.observe("db-0", labels, 0);
    t.observe("db-0", labels, 600_000);
    t.observe("db-1", { ...labels, node: "n2" }, 600_000);
    expect(t.entries().map((e) => [e.labels.node, e.value])).toEqual([
      ["n1", 2],
      ["n2", 1],
    ]);
  });
});
