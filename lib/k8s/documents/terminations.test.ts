import { describe, expect, it } from "vitest";

import type { Termination } from "@/lib/contract/termination";

import { KEEP_MS, TerminationLog, withPreemptorNames, withSignals } from "./terminations";

const NOW = Date.parse("2026-03-02T15:00:00Z");
const iso = (ms: number) => new Date(ms).toISOString();
const t = (id: string, p: Partial<Termination> = {}): Termination => ({
  id,
  time: iso(NOW - 60_000),
  cause: "kubelet-eviction",
  node: "n1",
  namespace: "default",
  pod: id,
  workload: { kind: "Pod", name: id },
  priority: null,
  message: "",
  ...p,
});

describe("TerminationLog", () => {
  it("merges two sightings of one termination (pod status, then its Event) into one record", () => {
    const log = new TerminationLog(() => NOW);
    log.add(t("a", { signal: null, message: "m" }));
    log.add(t("a", { signal: "memory.available", time: iso(NOW - 58_000) }));
    expect(log.size).toBe(1);
    expect(log.forNode("n1")[0]).toMatchObject({ signal: "memory.available", message: "m" });
  });

  it("takes the taints and cordon of a Node update that trails the pod's, within 30 s only", () => {
    let now = NOW;
    const log = new TerminationLog(() => now);
    const tainted = { taints: [{ key: "example.com/maintenance", value: "true", effect: "NoExecute" }] };
    log.add(t("evicted", { cause: "taint-manager", taints: [] }));
    log.add(t("drained", { cause: "api-eviction", cordoned: false }));
    log.add(t("elsewhere", { cause: "taint-manager", taints: [], node: "n2" }));
    now += 5_000;
    log.observeNode("n1", () => ({ taints: [{ key: "k", effect: "NoSchedule" }], unschedulable: false }));
    expect(log.forNode("n1").map((x) => [x.id, x.taints ?? x.cordoned])).toEqual(
      expect.arrayContaining([
        ["evicted", []],
        ["drained", false],
      ]),
    );
    log.observeNode("n1", () => ({ ...tainted, unschedulable: true }));
    const byId = Object.fromEntries(log.all().map((x) => [x.id, x]));
    expect(byId.evicted!.taints).toEqual(["example.com/maintenance=true:NoExecute"]);
    expect(byId.drained!.cordoned).toBe(true);
    expect(byId.elsewhere!.taints).toEqual([]);
    now += 31_000;
    log.observeNode("n2", () => tainted);
    expect(log.forNode("n2")[0]!.taints).toEqual([]);
  });

  it("names the signal of an eviction seen before its node's first Summary once the signals are known", () => {
    const log = new TerminationLog(() => NOW);
    const message = "The node was low on resource: memory. Threshold quantity: 100Mi, available: 63656Ki. ";
    log.add(t("early", { message, resource: "memory", signal: null }));
    log.add(t("unknown", { message: "The node was low on resource: widgets.", resource: "widgets", signal: null }));
    log.add(t("other", { message, resource: "memory", signal: null, node: "n2" }));
    const signalFor = (m: string) => (m.includes("resource: memory") ? "memory.available" : null);
    log.observeSignals("n1", () => ({}));
    expect(log.forNode("n1").every((x) => x.signal === null)).toBe(true);
    log.observeSignals("n1", () => ({ signalFor }));
    const byId = Object.fromEntries(log.all().map((x) => [x.id, x.signal]));
    expect(byId).toEqual({ early: "memory.available", unknown: null, other: null });
  });

  it("keeps a reused pod name's second death apart (times minutes apart)", () => {
    const log = new TerminationLog(() => NOW);
    log.add(t("db-0", { time: iso(NOW - 3_600_000) }));
    log.add(t("db-0", { time: iso(NOW - 60_000) }));
    expect(log.size).toBe(2);
  });

  it("is bounded: fleet-wide, per node, and by age", () => {
    const log = new TerminationLog(() => NOW, 100, 10);
    for (let i = 0; i < 30; i++) log.add(t(`n1-${i}`, { time: iso(NOW - 1000 * (30 - i)) }));
    expect(log.forNode("n1").map((x) => x.id)).toEqual(Array.from({ length: 10 }, (_, i) => `n1-${29 - i}`));
    for (let i = 0; i < 200; i++) log.add(t(`x-${i}`, { node: `node-${i}` }));
    expect(log.size).toBe(100);
    expect(log.forNode("n1")).toEqual([]);
    log.add(t("old", { node: "n9", time: iso(NOW - KEEP_MS - 1) }));
    expect(log.forNode("n9")).toEqual([]);
  });

  it("stays within a few MiB when 5 000 nodes each lose many pods", () => {
    const log = new TerminationLog(() => NOW);
    expect(global.gc, "vitest.config.ts passes --expose-gc").toBeTypeOf("function");
    global.gc!();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 50_000; i++) {
      log.add(
        t(`pod-${i}`, {
          node: `node-${i % 5000}`,
          namespace: "team",
          message: "The node was low on resource: memory. Threshold quantity: 100Mi, available: 63656Ki. ",
          containers: [{ name: "app", usage: 1, request: 1 }],
        }),
      );
    }
    expect(log.size).toBe(2000);
    global.gc!();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(8 * 2 ** 20);
  });

  it("observes a pod being deleted while running once, and pod updates without a termination not at all", () => {
    const log = new TerminationLog(() => NOW);
    const running = { metadata: { name: "web-1", namespace: "d" }, spec: { nodeName: "n1" }, status: { phase: "Running" } };
    log.observePod(running, undefined, () => undefined);
    expect(log.size).toBe(0);
    const deleting = { ...running, metadata: { ...running.metadata, deletionTimestamp: iso(NOW) } };
    log.observePod(deleting, running, () => undefined);
    log.observePod(deleting, deleting, () => undefined);
    expect(log.all().map((x) => x.cause)).toEqual(["deleted"]);
  });
});

describe("preemptor names", () => {
  it("names the preemptor when its pod shows up after the scheduler's event, even once it is gone", () => {
    const log = new TerminationLog(() => NOW);
    const uid = "0b7e6b1a-1f2c-4c55-9d3e-6f0a2b1c3d4e";
    log.observeEvent(
      {
        reason: "Preempted",
        message: `Preempted by pod ${uid} on node n1`,
        kind: "Pod",
        namespace: "default",
        name: "victim",
        node: null,
        time: iso(NOW),
      },
      undefined,
      () => undefined,
    );
    expect(log.all()[0]!.preemptor).toBe(uid);
    log.observePod(
      { metadata: { name: "urgent-x", namespace: "batch", uid }, spec: { nodeName: "n1" }, status: { phase: "Running" } },
      undefined,
      () => undefined,
    );
    expect(log.all()[0]!.preemptor).toBe("batch/urgent-x");
  });
});

describe("withPreemptorNames", () => {
  it("names a preemptor given by UID when its pod is known", () => {
    const uid = "0b7e6b1a-1f2c-4c55-9d3e-6f0a2b1c3d4e";
    const [named] = withPreemptorNames([t("v", { cause: "preemption", preemptor: uid })], (u) =>
      u === uid ? { metadata: { name: "urgent-x", namespace: "batch" } } : undefined,
    );
    expect(named!.preemptor).toBe("batch/urgent-x");
    const [kept] = withPreemptorNames([t("v", { cause: "preemption", preemptor: uid })], () => undefined);
    expect(kept!.preemptor).toBe(uid);
  });
});

describe("withSignals", () => {
  const MI = 2 ** 20;
  const signals = [
    {
      signal: "memory.available" as const,
      available: 0,
      capacity: 8192 * MI,
      thresholds: [
        { kind: "hard" as const, value: 300 * MI, margin: 0, met: false },
        { kind: "soft" as const, value: 1024 * MI, margin: 0, met: false },
      ],
    },
    {
      signal: "nodefs.available" as const,
      available: 0,
      capacity: 0,
      thresholds: [{ kind: "hard" as const, value: 300 * MI, margin: 0, met: false }],
    },
  ];
  it("names the signal whose threshold of the message's resource is the message's quantity", () => {
    const [a] = withSignals([t("a", { signal: null, resource: "memory", thresholdQuantity: 300 * MI })], () => signals);
    expect(a!.signal).toBe("memory.available");
    const [b] = withSignals([t("b", { signal: null, resource: "memory", thresholdQuantity: 500 * MI })], () => signals);
    expect(b!.signal).toBeNull();
    const [c] = withSignals(
      [t("c", { signal: "allocatableMemory.available", resource: "memory", thresholdQuantity: 300 * MI })],
      () => signals,
    );
    expect(c!.signal).toBe("allocatableMemory.available");
  });
});
