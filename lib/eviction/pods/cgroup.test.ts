import { describe, expect, it } from "vitest";

import { containerCgroup, milliCpuToQuota, milliCpuToShares, sharesToWeight } from "./cgroup";

// Cases from kubernetes pkg/kubelet/cm/helpers_linux_test.go (TestMilliCPUToQuota, shares table).
describe("milliCpuToShares", () => {
  it.each([
    [0, 2],
    [1, 2],
    [5, 5],
    [100, 102],
    [1000, 1024],
    [3500, 3584],
    [1_000_000, 262_144],
  ])("%d millicores → %d shares", (m, s) => expect(milliCpuToShares(m)).toBe(s));
});

describe("milliCpuToQuota", () => {
  it.each([
    [0, 100000, null],
    [5, 100000, 1000],
    [9, 100000, 1000],
    [10, 100000, 1000],
    [200, 100000, 20000],
    [500, 100000, 50000],
    [1000, 100000, 100000],
    [1500, 100000, 150000],
    [1500, 10000, 15000],
  ])("%d millicores, period %d → %s", (m, p, q) => expect(milliCpuToQuota(m, p)).toBe(q));
});

describe("sharesToWeight", () => {
  it.each([
    [2, 1],
    [1024, 39],
    [262_144, 10_000],
  ])("%d shares → weight %d", (s, w) => expect(sharesToWeight(s)).toBe(w));
});

describe("containerCgroup", () => {
  it("derives all settings", () => {
    expect(
      containerCgroup({ name: "a", resources: { requests: { cpu: "250m" }, limits: { cpu: "500m", memory: "256Mi" } } }),
    ).toEqual({
      name: "a",
      cpuShares: 256,
      cpuWeight: 10,
      cpuMax: "50000 100000",
      memoryMax: 268435456,
    });
  });
  it("leaves a container without limits unlimited", () => {
    expect(containerCgroup({ name: "b" })).toMatchObject({ cpuShares: 2, cpuWeight: 1, cpuMax: "max 100000", memoryMax: null });
  });
});
