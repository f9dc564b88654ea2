import { describe, expect, it } from "vitest";

import { DEFAULT_EVICTION_HARD, effectiveConfig, parseKubeletFlags, parseThresholds, readKubeletConfig } from "./thresholds";

describe("effectiveConfig", () => {
  it("nothing given: kubelet defaults, source 'defaults'", () => {
    const { config, source } = effectiveConfig();
    expect(source).toBe("defaults");
    expect(config).toEqual({
      evictionHard: { ...DEFAULT_EVICTION_HARD },
      evictionSoft: {},
      evictionSoftGracePeriod: {},
      evictionMinimumReclaim: {},
      mergeDefaultEvictionSettings: false,
      kubeReserved: {},
      systemReserved: {},
      enforceNodeAllocatable: ["pods"],
      evictionPressureTransitionPeriodSeconds: 300,
      evictionMaxPodGracePeriod: 0,
      experimentalAllocatableIgnoreEviction: false,
    });
  });
  it("the Linux default has five entries (v1.30+)", () => {
    expect(Object.keys(DEFAULT_EVICTION_HARD)).toEqual([
      "memory.available",
      "nodefs.available",
      "nodefs.inodesFree",
      "imagefs.available",
      "imagefs.inodesFree",
    ]);
  });
  it("config without evictionHard (or null) gets the defaults; source stays 'kubeletConfig'", () => {
    for (const raw of [{}, { evictionHard: null }]) {
      const eff = effectiveConfig(readKubeletConfig(raw));
      expect(eff.config.evictionHard).toEqual(DEFAULT_EVICTION_HARD);
      expect(eff.source).toBe("kubeletConfig");
    }
  });
  it("a present map, even empty, is used as is: unlisted defaults are gone", () => {
    expect(effectiveConfig({ evictionHard: {} }).config.evictionHard).toEqual({});
    expect(effectiveConfig({ evictionHard: { "memory.available": "1Gi" } }).config.evictionHard).toEqual({
      "memory.available": "1Gi",
    });
  });
  it("mergeDefaultEvictionSettings adds missing default signals after the user's, user entries (even 0%) win", () => {
    const { config } = effectiveConfig({
      mergeDefaultEvictionSettings: true,
      evictionHard: { "pid.available": "5%", "memory.available": "1Gi", "nodefs.available": "0%" },
    });
    expect(Object.entries(config.evictionHard ?? {})).toEqual([
      ["pid.available", "5%"],
      ["memory.available", "1Gi"],
      ["nodefs.available", "0%"],
      ["nodefs.inodesFree", "5%"],
      ["imagefs.available", "15%"],
      ["imagefs.inodesFree", "5%"],
    ]);
  });
  it("merge only touches evictionHard", () => {
    const { config } = effectiveConfig({ mergeDefaultEvictionSettings: true, evictionSoft: { "memory.available": "1Gi" } });
    expect(config.evictionSoft).toEqual({ "memory.available": "1Gi" });
  });
  it("flags override config fields wholesale (no merge with the file's map or the defaults)", () => {
    const eff = effectiveConfig(
      {
        evictionHard: { "memory.available": "1Gi", "nodefs.available": "5%" },
        mergeDefaultEvictionSettings: true,
        kubeReserved: { cpu: "1" },
      },
      parseKubeletFlags("--eviction-hard=memory.available<2Gi"),
    );
    expect(eff.config.evictionHard).toEqual({ "memory.available": "2Gi" });
    expect(eff.config.kubeReserved).toEqual({ cpu: "1" });
    expect(eff.source).toBe("kubeletFlags");
  });
  it("flags that set no threshold map leave the source to the config (or the defaults)", () => {
    const flags = parseKubeletFlags("--kube-reserved=cpu=100m");
    expect(effectiveConfig({}, flags).source).toBe("kubeletConfig");
    expect(effectiveConfig(undefined, flags).source).toBe("defaults");
  });
  it("flags-only kubelet without --eviction-hard: the Linux defaults apply (contract choice)", () => {
    expect(effectiveConfig(undefined, parseKubeletFlags("--v=2")).config.evictionHard).toEqual(DEFAULT_EVICTION_HARD);
  });
  it("whatIf maps override key by key on top of the effective maps", () => {
    const eff = effectiveConfig(
      { evictionHard: { "memory.available": "1Gi" }, systemReserved: { cpu: "1", memory: "1Gi" } },
      undefined,
      {
        evictionHard: { "nodefs.available": "5%" },
        systemReserved: { memory: "2Gi" },
        evictionSoft: { "memory.available": "2Gi" },
        evictionSoftGracePeriod: { "memory.available": "30s" },
      },
    );
    expect(eff.config.evictionHard).toEqual({ "memory.available": "1Gi", "nodefs.available": "5%" });
    expect(eff.config.systemReserved).toEqual({ cpu: "1", memory: "2Gi" });
    expect(eff.config.evictionSoft).toEqual({ "memory.available": "2Gi" });
  });
  it("whatIf on top of default evictionHard merges into the defaults; '0%' disables one signal", () => {
    const eff = effectiveConfig(undefined, undefined, { evictionHard: { "memory.available": "0%" } });
    expect(parseThresholds(eff.config).map((t) => t.signal)).toEqual([
      "nodefs.available",
      "nodefs.inodesFree",
      "imagefs.available",
      "imagefs.inodesFree",
    ]);
  });
  it("fieldName names whatIf keys, flags and config fields", () => {
    const eff = effectiveConfig(
      { evictionSoft: { "memory.available": "1Gi" } },
      parseKubeletFlags("--eviction-hard=memory.available<1Gi"),
      {
        evictionHard: { "nodefs.available": "-1" },
      },
    );
    expect(eff.fieldName("evictionHard", "nodefs.available")).toBe('whatIf.evictionHard["nodefs.available"]');
    expect(eff.fieldName("evictionHard", "memory.available")).toBe('kubeletFlags(--eviction-hard)["memory.available"]');
    expect(eff.fieldName("evictionSoft", "memory.available")).toBe('kubeletConfig.evictionSoft["memory.available"]');
    expect(() => parseThresholds(eff.config, eff.fieldName)).toThrow(
      'whatIf.evictionHard["nodefs.available"]: "-1" must be a positive quantity',
    );
  });
  it("reservedSystemCPUs replaces the cpu reservations: kubeReserved.cpu dropped, systemReserved.cpu = cpuset size", () => {
    const { config } = effectiveConfig({
      reservedSystemCPUs: "0-1,4",
      kubeReserved: { cpu: "1", memory: "1Gi" },
      systemReserved: { cpu: "9" },
    });
    expect(config.kubeReserved).toEqual({ memory: "1Gi" });
    expect(config.systemReserved).toEqual({ cpu: "3" });
    expect(() => effectiveConfig({ reservedSystemCPUs: "x" })).toThrow(
      /^kubeletConfig\.reservedSystemCPUs: unable to parse reserved-cpus list/,
    );
  });
  it("does not alias the inputs", () => {
    const input = { evictionHard: { "memory.available": "1Gi" } };
    const { config } = effectiveConfig(input, undefined, { evictionHard: { "nodefs.available": "1%" } });
    expect(input.evictionHard).toEqual({ "memory.available": "1Gi" });
    expect(config.evictionHard).not.toBe(input.evictionHard);
  });
});
