// Ports of kubernetes pkg/kubelet/cm/node_container_manager_linux_test.go plus the §10 rules.
import { describe, expect, it } from "vitest";

import { ConfigError, type EvictionConfig } from "../config/thresholds";
import type { ResourceList } from "../k8s-types";
import { evictionConfig as cfg } from "../testing";
import { computeAllocatable, kubepodsLimit, validateReservation } from "./allocatable";

const Mi = 2 ** 20;
const Gi = 2 ** 30;
const list = (cpu: string, memory: string): Record<string, string> => ({
  ...(cpu ? { cpu } : {}),
  ...(memory ? { memory } : {}),
});
const eph = (storage: string): Record<string, string> => (storage ? { "ephemeral-storage": storage } : {});

// hardThreshold: "" = the Go test's empty ThresholdValue (reserves 0), else the memory.available value.
const CPU_MEM: [
  kube: Record<string, string>,
  system: Record<string, string>,
  hard: string,
  capacity: ResourceList,
  total: Record<string, number>,
][] = [
  [list("100m", "100Mi"), list("50m", "50Mi"), "", list("10", "10Gi"), { cpu: 150, memory: 150 * Mi }],
  [list("100m", "100Mi"), list("50m", "50Mi"), "100Mi", list("10", "10Gi"), { cpu: 150, memory: 250 * Mi }],
  [list("100m", "100Mi"), list("50m", "50Mi"), "5%", list("10", "10Gi"), { cpu: 150, memory: 694157320 }], // 150Mi + 536870920
  [{}, {}, "", list("10", "10Gi"), {}],
  [list("", "100Mi"), list("50m", "50Mi"), "", list("10", "10Gi"), { cpu: 50, memory: 150 * Mi }],
  [list("50m", "100Mi"), list("", "50Mi"), "", list("10", "10Gi"), { cpu: 50, memory: 150 * Mi }],
  // Go expects memory 150Mi here, but only checks keys the kubelet returns: memory is not in capacity, so none.
  [list("", "100Mi"), list("", "50Mi"), "", list("10", ""), {}],
];
const hardMap = (signal: string, v: string) => (v ? { [signal]: v } : {});

describe("TestNodeAllocatableReservationForScheduling", () => {
  it.each(CPU_MEM.map((c, i) => [i + 1, ...c] as const))("cpu/memory case %i", (_i, kube, system, hard, capacity, total) => {
    const config = cfg({ kubeReserved: kube, systemReserved: system, evictionHard: hardMap("memory.available", hard) });
    expect(computeAllocatable(capacity, config).reservation.total).toEqual(total);
  });
  it.each([
    [eph("100Mi"), "", eph("10Gi"), { "ephemeral-storage": 100 * Mi }],
    [eph("100Mi"), "100Mi", eph("10Gi"), { "ephemeral-storage": 200 * Mi }],
    [eph("150Mi"), "5%", eph("10Gi"), { "ephemeral-storage": 694157320 }], // 150Mi + 536870920
    [{}, "", eph("10Gi"), {}],
  ])("ephemeral-storage case %#", (kube, hard, capacity, total) => {
    const config = cfg({ kubeReserved: kube, evictionHard: hardMap("nodefs.available", hard) });
    expect(computeAllocatable(capacity, config).reservation.total).toEqual(total);
  });
});

describe("TestNodeAllocatableForEnforcement (kubepodsLimit: no eviction reservation)", () => {
  it.each([
    [list("100m", "100Mi"), list("50m", "50Mi"), "", list("10", "10Gi"), { cpu: 9850, memory: 10090 * Mi }],
    [list("100m", "100Mi"), list("50m", "50Mi"), "100Mi", list("10", "10Gi"), { cpu: 9850, memory: 10090 * Mi }],
    [list("100m", "100Mi"), list("50m", "50Mi"), "5%", list("10", "10Gi"), { cpu: 9850, memory: 10090 * Mi }],
    [{}, {}, "", list("10", "10Gi"), { cpu: 10000, memory: 10 * Gi }],
    [list("", "100Mi"), list("50m", "50Mi"), "", list("10", "10Gi"), { cpu: 9950, memory: 10090 * Mi }],
    [list("50m", "100Mi"), list("", "50Mi"), "", list("10", "10Gi"), { cpu: 9950, memory: 10090 * Mi }],
    [list("", "100Mi"), list("", "50Mi"), "", list("10", ""), { cpu: 10000 }],
  ])("case %#", (kube, system, hard, capacity, want) => {
    const config = cfg({ kubeReserved: kube, systemReserved: system, evictionHard: hardMap("memory.available", hard) });
    expect(kubepodsLimit(capacity, config)).toEqual(want);
  });
  it("includes pid when the capacity carries it, floored at 0", () => {
    const config = cfg({ kubeReserved: { pid: "1024", memory: "2Gi" }, systemReserved: { pid: "1000" } });
    expect(kubepodsLimit({ memory: "1Gi", pid: 4194304 }, config)).toEqual({ memory: 0, pid: 4192280 });
  });
});

describe("TestNodeAllocatableInputValidation (validateReservation)", () => {
  it.each(CPU_MEM.map((c, i) => [i + 1, ...c] as const))("valid cpu/memory case %i", (_i, kube, system, hard, capacity) => {
    const config = cfg({ kubeReserved: kube, systemReserved: system, evictionHard: hardMap("memory.available", hard) });
    expect(() => validateReservation(capacity, config)).not.toThrow();
  });
  it("5 + 5 cpu is allowed on 10 cpus (equal), 10Gi + 10Gi + 2Gi memory on 11Gi is not", () => {
    const config = cfg({
      kubeReserved: list("5", "10Gi"),
      systemReserved: list("5", "10Gi"),
      evictionHard: { "memory.available": "2Gi" },
    });
    expect(() => validateReservation(list("10", "11Gi"), config)).toThrow(ConfigError);
    expect(() => validateReservation(list("10", "11Gi"), config)).toThrow(
      'kubeletConfig.systemReserved.memory (with kubeletConfig.kubeReserved.memory and kubeletConfig.evictionHard["memory.available"]): invalid Node Allocatable configuration. Resource "memory" has a reservation of 22Gi but capacity of 11Gi. Expected capacity >= reservation.',
    );
  });
  it('an evictionHard past int64 ("1e400") is refused where it is read, naming it (issue 29)', () => {
    const config = cfg({ evictionHard: { "memory.available": "1e400" }, systemReserved: { memory: "1Gi" } });
    expect(() => validateReservation(list("4", "8Gi"), config)).toThrow(
      'kubeletConfig.evictionHard["memory.available"]: "1e400" is out of range: the kubelet reads it as a 64-bit integer of bytes or units, at most 9223372036854775807',
    );
  });
  it("names the largest reservation first, so an oversized evictionHard is not blamed on systemReserved", () => {
    const config = cfg({ evictionHard: { "memory.available": "20Gi" }, systemReserved: { memory: "1Gi" } });
    expect(() => validateReservation(list("4", "16Gi"), config)).toThrow(
      /^kubeletConfig\.evictionHard\["memory\.available"\] \(with kubeletConfig\.systemReserved\.memory\): /,
    );
  });
  it('a CPU reservation past float64 in millicores (".5E307" cores) is named, not a crash', () => {
    // fast-check's shrunk counterexample from tests/property/analyze.property.test.ts
    const config = cfg({ kubeReserved: { cpu: ".5E307" } });
    // Past the int64 the kubelet reads millicores into: refused where the quantity is read.
    expect(() => validateReservation(list("4", "8Gi"), config)).toThrow(
      'kubeletConfig.kubeReserved.cpu: ".5E307" is out of range: the kubelet reads it as a 64-bit integer of millicores, at most 9223372036854775807',
    );
    // finite but huge: still the field's error
    expect(() => validateReservation(list("4", "8Gi"), cfg({ kubeReserved: { cpu: "1e300" } }))).toThrow(
      /^kubeletConfig\.kubeReserved\.cpu: "1e300" is out of range/,
    );
    // in range but above capacity: the kubelet's own message
    expect(() => validateReservation(list("4", "8Gi"), cfg({ kubeReserved: { cpu: "5" } }))).toThrow(
      /^kubeletConfig\.kubeReserved\.cpu: invalid Node Allocatable configuration\. Resource "cpu"/,
    );
  });
  it("ephemeral-storage: 100Mi on 500Mi is fine, 20Gi + 100Mi on 20Gi is not", () => {
    expect(() => validateReservation(eph("500Mi"), cfg({ kubeReserved: eph("100Mi") }))).not.toThrow();
    const bad = cfg({ kubeReserved: eph("20Gi"), evictionHard: { "nodefs.available": "100Mi" } });
    expect(() => validateReservation(eph("20Gi"), bad)).toThrow(
      /Resource "ephemeral-storage" has a reservation of 20580Mi but capacity of 20Gi/,
    );
  });
});

describe("computeAllocatable rules (§10)", () => {
  it("hugepages capacity comes out of memory; pods and extended resources pass through; pid never appears", () => {
    const got = computeAllocatable(
      { cpu: "4", memory: "8Gi", "hugepages-2Mi": "1Gi", "hugepages-1Gi": "2Gi", pods: "110", "example.com/gpu": "2" },
      cfg({ systemReserved: { cpu: "500m", memory: "1Gi", pid: "100" }, evictionHard: { "memory.available": "100Mi" } }),
    );
    expect(got.allocatable).toEqual({
      cpu: 3500,
      memory: 8 * Gi - Gi - 100 * Mi - 3 * Gi,
      "hugepages-2Mi": Gi,
      "hugepages-1Gi": 2 * Gi,
      pods: 110,
      "example.com/gpu": 2,
    });
    expect(got.reservation).toEqual({
      kubeReserved: {},
      systemReserved: { cpu: 500, memory: Gi },
      evictionHard: { memory: 100 * Mi },
      total: { cpu: 500, memory: Gi + 100 * Mi },
    });
  });
  it("resource names that are Object.prototype members are plain resources", () => {
    const got = computeAllocatable({ constructor: "2", toString: "3", memory: "1Gi" }, cfg({ kubeReserved: { memory: "1Mi" } }));
    expect(got.allocatable).toEqual({ constructor: 2, toString: 3, memory: Gi - Mi });
    expect(got.reservation.total).toEqual({ memory: Mi });
  });
  it("allocatable is floored at 0, also after the hugepages subtraction", () => {
    const got = computeAllocatable({ memory: "1Gi", "hugepages-2Mi": "2Gi", cpu: "1" }, cfg({ kubeReserved: { cpu: "2" } }));
    expect(got.allocatable).toMatchObject({ memory: 0, cpu: 0 });
  });
  it("only memory.available and nodefs.available reserve; imagefs, inode and pid thresholds do not", () => {
    const config = cfg({
      evictionHard: { "imagefs.available": "50%", "nodefs.inodesFree": "50%", "pid.available": "50%", "nodefs.available": "1Gi" },
    });
    expect(computeAllocatable({ "ephemeral-storage": "10Gi", memory: "4Gi" }, config).reservation.evictionHard).toEqual({
      "ephemeral-storage": Gi,
    });
  });
  it("experimental-allocatable-ignore-eviction removes the eviction reservation", () => {
    const config = cfg({ evictionHard: { "memory.available": "1Gi" }, experimentalAllocatableIgnoreEviction: true });
    expect(computeAllocatable({ memory: "4Gi" }, config).allocatable).toEqual({ memory: 4 * Gi });
  });
  it("null evictionHard reserves the defaults: 100Mi memory and 10% of the root fs", () => {
    const got = computeAllocatable({ memory: "10Gi", "ephemeral-storage": "10Gi" }, cfg({ evictionHard: null }));
    expect(got.reservation.evictionHard).toEqual({ memory: 100 * Mi, "ephemeral-storage": 1073741840 }); // trunc(10Gi × 0.10000000149011612)
  });
  it.each([
    [{ kubeReserved: { pods: "10" } }, 'kubeletConfig.kubeReserved.pods: cannot reserve "pods" resource'],
    [
      { systemReserved: { "hugepages-2Mi": "2Mi" } },
      'kubeletConfig.systemReserved["hugepages-2Mi"]: cannot reserve "hugepages-2Mi" resource',
    ],
    [
      { kubeReserved: { memory: "-1Gi" } },
      'kubeletConfig.kubeReserved.memory: resource quantity for "memory" cannot be negative: -1Gi',
    ],
    [{ kubeReserved: { memory: "lots" } }, /^kubeletConfig\.kubeReserved\.memory: "lots" is not a valid quantity/],
    [
      { evictionHard: { "memory.available": "-1" } },
      /^kubeletConfig\.evictionHard\["memory\.available"\]: "-1" must be a positive quantity$/,
    ],
  ])("rejects %j", (over, msg) => {
    expect(() => computeAllocatable({ memory: "4Gi" }, cfg(over as Partial<EvictionConfig>))).toThrow(msg);
  });
});
