import { describe, expect, it } from "vitest";
import type { NodeRow } from "./dto";
import { nodeConditions, thresholdsMet } from "./eviction/evaluate";
import type { Observations } from "./eviction/observe";
import type { Signal } from "./eviction/signals";
import { effectiveConfig, parseThresholds, readKubeletConfig } from "./eviction/thresholds";
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

describe("fleetWhatIf against the engine's own evaluation", () => {
  // The fleet path checks thresholds row by row without building observation maps; here the same
  // rows go through thresholdsMet/nodeConditions on scaled observations, as the node page does.
  const signals = ["memory.available", "nodefs.available", "nodefs.inodesFree", "imagefs.available", "pid.available"] as const;
  const config = {
    kubeletConfig: { evictionHard: { "memory.available": "500Mi", "nodefs.available": "10%", "nodefs.inodesFree": "5%", "imagefs.available": "15%", "pid.available": "2%" } },
    kubeletFlags: null, source: "configz" as const,
  };
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);

  it("agrees on pressure for 500 random rows and usage growths", () => {
    for (let round = 0; round < 5; round++) {
      const scale = { memory: 0.5 + rand() * 2, "ephemeral-storage": 0.5 + rand() * 2, pid: 0.5 + rand() * 2 };
      const rows = Array.from({ length: 100 }, (_, i) => {
        const r = row(`n${i}`, 0, 0);
        r.observations = {};
        for (const s of signals) {
          if (rand() < 0.2) continue; // some rows lack a signal
          const capacity = s === "pid.available" ? 32768 : s.endsWith("inodesFree") ? 1e6 : 100 * GI;
          r.observations[s] = { available: Math.round(rand() * capacity * 0.5), capacity };
        }
        return r;
      });
      const whatIf = { usageScale: scale, evictionHard: config.kubeletConfig.evictionHard };
      const got = fleetWhatIf({ configs: { a: config } }, rows, whatIf);
      const thresholds = parseThresholds(effectiveConfig(readKubeletConfig(config.kubeletConfig), undefined, whatIf).config);
      const want = rows.map((r) => {
        const obs: Observations = {};
        for (const [s, o] of Object.entries(r.observations)) {
          const k = s === "nodefs.inodesFree" ? undefined : s === "pid.available" ? scale.pid : s.startsWith("memory") ? scale.memory : scale["ephemeral-storage"];
          obs[s as Signal] = { available: k == null ? o.available : Math.max(0, o.capacity - (o.capacity - o.available) * k), capacity: o.capacity, time: null };
        }
        const c = nodeConditions(thresholdsMet(thresholds, obs));
        return c.MemoryPressure || c.DiskPressure || c.PIDPressure;
      });
      expect(got.errors).toEqual([]);
      expect(got.nodes.map((n) => n.pressureAfter)).toEqual(want);
      expect(want.some(Boolean) && !want.every(Boolean)).toBe(true); // both outcomes occur
    }
  });
});
