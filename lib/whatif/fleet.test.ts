import { describe, expect, it } from "vitest";

import { observeSignals } from "@/lib/eviction";

import type { NodeRow } from "../contract/dto";
import { fleetWhatIf, summaryFromObservations } from "./fleet";

const GI = 1024 ** 3;
const MI = 1024 ** 2;

function row(name: string, available: number, requestedMemory: number, configId = "a"): NodeRow {
  return {
    name,
    pool: "p",
    labels: {},
    ready: "True",
    conditions: { MemoryPressure: false, DiskPressure: false, PIDPressure: false, NetworkUnavailable: false },
    unschedulable: false,
    leaseAgeSeconds: 3,
    leaseDurationSeconds: 40,
    worstMargin: { memory: null, disk: null, pid: null },
    capacity: { cpu: 4000, memory: 8 * GI, pods: 110 },
    allocatable: {},
    requested: { memory: requestedMemory },
    used: {},
    podCount: 3,
    collection: { state: "ok", ageSeconds: 1, error: null, configSource: "configz" },
    configId,
    observations: {
      "memory.available": { available, capacity: 8 * GI },
      // kubepods sized at allocatable (8Gi − 100Mi eviction-hard), half used
      "allocatableMemory.available": { available: 4 * GI - 50 * MI, capacity: 8 * GI - 100 * MI },
    },
  };
}

const overview = {
  configs: {
    a: { kubeletConfig: { evictionHard: { "memory.available": "100Mi" } }, kubeletFlags: null, source: "configz" as const },
  },
};
const run = (rows: NodeRow[], whatIf: Parameters<typeof fleetWhatIf>[2]) => fleetWhatIf(overview, rows, whatIf).then((r) => r!);

describe("summaryFromObservations", () => {
  it("rebuilds a Summary whose observations are the row's, for every signal", () => {
    const obs = {
      "memory.available": { available: 3 * GI, capacity: 8 * GI },
      "allocatableMemory.available": { available: 2 * GI, capacity: 7 * GI },
      "nodefs.available": { available: 40 * GI, capacity: 100 * GI },
      "nodefs.inodesFree": { available: 900_000, capacity: 1_000_000 },
      "imagefs.available": { available: 10 * GI, capacity: 50 * GI },
      "imagefs.inodesFree": { available: 400_000, capacity: 500_000 },
      "containerfs.available": { available: 5 * GI, capacity: 20 * GI },
      "containerfs.inodesFree": { available: 100_000, capacity: 200_000 },
      "pid.available": { available: 30_000, capacity: 32_768 },
    };
    const back = observeSignals(summaryFromObservations(obs));
    expect(
      Object.fromEntries(Object.entries(back).map(([k, o]) => [k, { available: o!.available, capacity: o!.capacity }])),
    ).toEqual(obs);
  });
  it("leaves out what the row did not observe", () => {
    expect(Object.keys(observeSignals(summaryFromObservations({ "memory.available": { available: 1, capacity: 2 } })))).toEqual([
      "memory.available",
    ]);
  });
});

describe("fleetWhatIf", () => {
  it("finds the nodes a higher threshold would put under pressure (its allocatable shrinks on every node)", async () => {
    const r = await run([row("n1", GI, 0), row("n2", 4 * GI, 0)], { evictionHard: { "memory.available": "2Gi" } });
    expect(r.changed.map((o) => [o.node, o.pressureAfter, o.allocatableAfter.memory])).toEqual([
      ["n1", ["MemoryPressure"], 6 * GI],
      ["n2", [], 6 * GI],
    ]);
    expect(r.size).toBe(2);
  });
  it("starts from the pressure the kubelet reports, a held condition included, as the node header does", async () => {
    // MemoryPressure held by the transition period: no threshold met, the kubelet still reports it
    const held = {
      ...row("n1", 4 * GI, 0),
      conditions: { MemoryPressure: true, DiskPressure: false, PIDPressure: false, NetworkUnavailable: false },
      pressureHold: { condition: "MemoryPressure", clearsAt: 0 },
    };
    const r = await run([held, row("n2", 4 * GI, 0)], { evictionHard: { "memory.available": "2Gi" } });
    expect(r.changed.map((o) => [o.node, o.pressureBefore, o.pressureAfter])).toEqual([
      ["n1", ["MemoryPressure"], ["MemoryPressure"]],
      ["n2", [], []],
    ]);
  });
  it("lists only the nodes whose state changes", async () => {
    const r = await run([row("n1", GI, 0)], {
      evictionSoft: { "memory.available": "200Mi" },
      evictionSoftGracePeriod: { "memory.available": "1m" },
    });
    expect(r.changed).toEqual([]);
  });
  it("applies usage growth", async () => {
    // n2 uses 4Gi of 8Gi; doubling leaves 0 available
    expect((await run([row("n2", 4 * GI, 0)], { usageScale: { memory: 2 } })).changed[0]?.pressureAfter).toEqual([
      "MemoryPressure",
    ]);
  });
  it("resizes kubepods with a kube-reserved change, as the engine does (the pool/node disagreement of issue 12)", async () => {
    // kubepods shrinks by 7Gi to ~1Gi − 100Mi while its pods still use ~4Gi: allocatableMemory is met.
    const [o] = (await run([row("n1", 4 * GI, 6 * GI)], { kubeReserved: { memory: "7Gi" } })).changed;
    expect(o?.pressureAfter).toEqual(["MemoryPressure"]);
    expect(o?.metAfter).toContain("allocatableMemory.available hard");
    expect(o?.allocatableAfter.memory).toBe(8 * GI - 7 * GI - 100 * MI);
    expect(o?.overBy).toBe(6 * GI - (GI - 100 * MI));
  });
  it("reports a bad what-if value once instead of throwing", async () => {
    const r = await run([row("n1", GI, 0), row("n2", GI, 0)], { evictionHard: { "memory.available": "-1Gi" } });
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toContain("whatIf.evictionHard");
    expect(r.changed).toEqual([]);
  });
  it("counts rows without observations instead of guessing", async () => {
    const r = await run([{ ...row("n1", GI, 0), observations: {} }], { evictionHard: { "memory.available": "2Gi" } });
    expect(r.withoutStats).toEqual(["n1"]);
  });
  it("yields between slices and stops when aborted", async () => {
    const rows = Array.from({ length: 50 }, (_, i) => row(`n${i}`, GI, 0));
    let pauses = 0;
    const done = await fleetWhatIf(
      overview,
      rows,
      { evictionHard: { "memory.available": "2Gi" } },
      { yieldEvery: 0, pause: async () => void pauses++ },
    );
    expect(pauses).toBeGreaterThan(10);
    expect(done?.changed).toHaveLength(50);
    const ac = new AbortController();
    const aborted = await fleetWhatIf(
      overview,
      rows,
      { evictionHard: { "memory.available": "2Gi" } },
      { yieldEvery: 0, signal: ac.signal, pause: async () => ac.abort() },
    );
    expect(aborted).toBeNull();
  });
});
