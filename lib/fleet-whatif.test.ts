import { describe, expect, it } from "vitest";
import type { NodeRow } from "./dto";
import { fleetWhatIf } from "./fleet-whatif";

const GI = 1024 ** 3;
const MI = 1024 ** 2;

function row(name: string, available: number, requestedMemory: number, configId = "a"): NodeRow {
  return {
    name, pool: "p", labels: {}, ready: "True",
    conditions: { MemoryPressure: false, DiskPressure: false, PIDPressure: false, NetworkUnavailable: false },
    unschedulable: false, leaseAgeSeconds: 3, leaseDurationSeconds: 40, worstMargin: { memory: null, disk: null, pid: null },
    capacity: { cpu: 4000, memory: 8 * GI, pods: 110 }, allocatable: {}, requested: { memory: requestedMemory }, used: {}, podCount: 3,
    collection: { state: "ok", ageSeconds: 1, error: null, configSource: "configz" }, configId,
    observations: { "memory.available": { available, capacity: 8 * GI } },
  };
}

const overview = { configs: { a: { kubeletConfig: { evictionHard: { "memory.available": "100Mi" } }, kubeletFlags: null, source: "configz" as const } } };

describe("fleetWhatIf", () => {
  it("finds the nodes a higher threshold would put under pressure", () => {
    const r = fleetWhatIf(overview, [row("n1", GI, 0), row("n2", 4 * GI, 0)], { evictionHard: { "memory.available": "2Gi" } });
    expect(r.newlyPressured).toEqual(["n1"]);
    expect(r.nodes.map((n) => n.pressureAfter)).toEqual([true, false]);
  });
  it("applies usage growth to observations", () => {
    // n2 uses 4Gi of 8Gi; doubling leaves 0 available
    expect(fleetWhatIf(overview, [row("n2", 4 * GI, 0)], { usageScale: { memory: 2 } }).newlyPressured).toEqual(["n2"]);
  });
  it("finds over-committed nodes when reservations grow", () => {
    const r = fleetWhatIf(overview, [row("n1", 4 * GI, 6 * GI)], { kubeReserved: { memory: "2Gi" } });
    expect(r.nodes[0]?.allocatableMemoryAfter).toBe(8 * GI - 2 * GI - 100 * MI);
    expect(r.overcommitted).toEqual(["n1"]);
  });
  it("reports a bad what-if value once instead of throwing", () => {
    const r = fleetWhatIf(overview, [row("n1", GI, 0), row("n2", GI, 0)], { evictionHard: { "memory.available": "-1Gi" } });
    expect(r.errors).toHaveLength(1);
    expect(r.nodes).toEqual([]);
  });
});
