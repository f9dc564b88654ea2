import { describe, expect, it } from "vitest";

import { ConfigError, effectiveConfig, parseKubeletFlags, parseThresholds } from "./thresholds";

describe("parseKubeletFlags", () => {
  it.each([
    ["--flag=value form", "--eviction-hard=memory.available<500Mi", { evictionHard: { "memory.available": "500Mi" } }],
    ["--flag value form", "--eviction-hard memory.available<500Mi", { evictionHard: { "memory.available": "500Mi" } }],
    [
      "quoted value",
      `--eviction-hard="memory.available<500Mi, nodefs.available < 10%"`,
      {
        evictionHard: { "memory.available": "500Mi", "nodefs.available": "10%" },
      },
    ],
    ["empty pieces skipped", "--eviction-soft=,memory.available<1Gi,", { evictionSoft: { "memory.available": "1Gi" } }],
    ["split at the first separator only", "--kube-reserved=cpu=1=2", { kubeReserved: { cpu: "1=2" } }],
    [
      "repeated flag accumulates, last key wins",
      "--system-reserved=cpu=1,memory=1Gi --system-reserved=memory=2Gi",
      {
        systemReserved: { cpu: "1", memory: "2Gi" },
      },
    ],
    ["empty map flag gives an empty map (clears the default)", "--eviction-hard=", { evictionHard: {} }],
    [
      "grace periods and min reclaim use =",
      "--eviction-soft-grace-period=memory.available=1m --eviction-minimum-reclaim=nodefs.available=1Gi",
      {
        evictionSoftGracePeriod: { "memory.available": "1m" },
        evictionMinimumReclaim: { "nodefs.available": "1Gi" },
      },
    ],
    [
      "durations and ints",
      "--eviction-pressure-transition-period=30s --eviction-max-pod-grace-period 60",
      {
        evictionPressureTransitionPeriodSeconds: 30,
        evictionMaxPodGracePeriod: 60,
      },
    ],
    [
      "a 0s transition period from a flag stays 0 (flags come after defaulting)",
      "--eviction-pressure-transition-period=0s",
      {
        evictionPressureTransitionPeriodSeconds: 0,
      },
    ],
    ["enforce-node-allocatable list, empty string = empty list", "--enforce-node-allocatable=", { enforceNodeAllocatable: [] }],
    [
      "enforce-node-allocatable repeats append",
      "--enforce-node-allocatable=pods --enforce-node-allocatable=kube-reserved",
      {
        enforceNodeAllocatable: ["pods", "kube-reserved"],
      },
    ],
    ["bool flag alone is true", "--experimental-allocatable-ignore-eviction", { experimentalAllocatableIgnoreEviction: true }],
    ["bool flag =false", "--experimental-allocatable-ignore-eviction=false", { experimentalAllocatableIgnoreEviction: false }],
    [
      "bool flag does not take the next word",
      "--experimental-allocatable-ignore-eviction false",
      { experimentalAllocatableIgnoreEviction: true },
    ],
    ["reserved cpus", "--reserved-cpus=0-1", { reservedSystemCPUs: "0-1" }],
    ["unknown flags and positional words ignored", "/usr/bin/kubelet --v=2 --max-pods 110 --node-labels=a=b", {}],
    [
      "env-file line with quoted value",
      'KUBELET_FLAGS="--eviction-hard=memory.available<1Gi --v=2"',
      {
        evictionHard: { "memory.available": "1Gi" },
      },
    ],
    ["-- ends the flags", "-- --eviction-hard=memory.available<1Gi", {}],
    ["Object.prototype names are unknown flags", "--constructor --toString=x --__proto__ y", {}],
  ])("%s", (_name, text, want) => {
    expect(parseKubeletFlags(text)).toEqual(want);
  });

  it.each([
    [
      "malformed pair",
      "--eviction-hard=memory.available=100Mi",
      /^kubeletFlags: invalid argument "memory.available=100Mi" for "--eviction-hard" flag: malformed pair, expect string<string/,
    ],
    ["missing value", "--kube-reserved", /^kubeletFlags: flag needs an argument: --kube-reserved$/],
    ["bad duration", "--eviction-pressure-transition-period=5", /time: missing unit in duration "5"/],
    ["bad int", "--eviction-max-pod-grace-period=1.5", /strconv.ParseInt: parsing "1.5": invalid syntax/],
    ["bad bool", "--experimental-allocatable-ignore-eviction=yes", /strconv.ParseBool: parsing "yes": invalid syntax/],
    ["bool named like a prototype member", "--experimental-allocatable-ignore-eviction=constructor", /strconv.ParseBool/],
    [
      "bad enforcement",
      "--enforce-node-allocatable=pods,foo",
      /invalid configuration: option "foo" specified for enforceNodeAllocatable/,
    ],
    [
      "none with others",
      "--enforce-node-allocatable=none,pods",
      /may not contain additional enforcements when "none" is specified/,
    ],
  ])("%s is a ConfigError", (_name, text, msg) => {
    expect(() => parseKubeletFlags(text)).toThrow(ConfigError);
    expect(() => parseKubeletFlags(text)).toThrow(msg);
  });

  it('a "__proto__" key is kept and then rejected as an unsupported signal', () => {
    const eff = effectiveConfig(undefined, parseKubeletFlags("--eviction-hard=__proto__<1Gi"));
    expect(() => parseThresholds(eff.config, eff.fieldName)).toThrow(/unsupported eviction signal __proto__/);
  });

  it("names flag-sourced values in later errors", () => {
    const eff = effectiveConfig(undefined, parseKubeletFlags("--eviction-soft=memory.available<1Gi"));
    expect(() => parseThresholds(eff.config, eff.fieldName)).toThrow(
      'kubeletFlags(--eviction-soft)["memory.available"]: grace period must be specified for the soft eviction threshold memory.available',
    );
  });
});
