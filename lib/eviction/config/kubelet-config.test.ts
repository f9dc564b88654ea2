import { describe, expect, it } from "vitest";

import { ConfigError, readKubeletConfig } from "./thresholds";

describe("readKubeletConfig", () => {
  it("accepts a bare KubeletConfiguration and a configz wrapper alike", () => {
    const bare = { evictionHard: { "memory.available": "1Gi" }, evictionPressureTransitionPeriod: "1m0s" };
    const want = { evictionHard: { "memory.available": "1Gi" }, evictionPressureTransitionPeriodSeconds: 60 };
    expect(readKubeletConfig(bare)).toEqual(want);
    expect(readKubeletConfig({ kubeletconfig: bare })).toEqual(want);
  });
  it("absent config reads as nothing; null evictionHard stays null (= defaults), other null maps are empty", () => {
    expect(readKubeletConfig(undefined)).toEqual({});
    expect(readKubeletConfig({ evictionHard: null, evictionSoft: null })).toEqual({ evictionHard: null, evictionSoft: {} });
  });
  it("a 0s evictionPressureTransitionPeriod is defaulted to 5m", () => {
    expect(readKubeletConfig({ evictionPressureTransitionPeriod: "0s" }).evictionPressureTransitionPeriodSeconds).toBe(300);
  });
  it("reads mergeDefaultEvictionSettings, enforceNodeAllocatable, evictionMaxPodGracePeriod, reservedSystemCPUs", () => {
    expect(
      readKubeletConfig({
        mergeDefaultEvictionSettings: true,
        enforceNodeAllocatable: [],
        evictionMaxPodGracePeriod: -1,
        reservedSystemCPUs: "0,1",
        maxPods: 110,
      }),
    ).toEqual({
      mergeDefaultEvictionSettings: true,
      enforceNodeAllocatable: [],
      evictionMaxPodGracePeriod: -1,
      reservedSystemCPUs: "0,1",
    });
  });
  it.each([
    ["not an object", "x", /^kubeletConfig: must be an object, got a string$/],
    [
      "map value not a string",
      { kubeReserved: { pid: 1024 } },
      /^kubeletConfig\.kubeReserved\.pid: must be a string, got a number$/,
    ],
    ["map not a map", { evictionSoft: [] }, /^kubeletConfig\.evictionSoft: must be a map of strings, got an array$/],
    ["wrapped path", { kubeletconfig: { evictionHard: 3 } }, /^kubeletConfig\.kubeletconfig\.evictionHard: /],
    [
      "legacy string malformed",
      { evictionHard: "memory.available=1Gi" },
      /^kubeletConfig\.evictionHard: malformed pair, expect string<string/,
    ],
    ["duration not a string", { evictionPressureTransitionPeriod: 300 }, /must be a duration string/],
    ["bad duration", { evictionPressureTransitionPeriod: "5 minutes" }, /time: unknown unit/],
    ["non-integer grace", { evictionMaxPodGracePeriod: 1.5 }, /must be a 32-bit integer, got 1.5/],
    ["bool as string", { mergeDefaultEvictionSettings: "true" }, /must be a boolean, got a string/],
    ["enforce not a list", { enforceNodeAllocatable: "pods" }, /must be a list of strings/],
    [
      "enforce bad value",
      { enforceNodeAllocatable: ["pod"] },
      /^kubeletConfig\.enforceNodeAllocatable\[0\]: invalid configuration: option "pod"/,
    ],
  ])("%s is a ConfigError naming the field", (_name, raw, msg) => {
    expect(() => readKubeletConfig(raw)).toThrow(ConfigError);
    expect(() => readKubeletConfig(raw)).toThrow(msg);
  });
});

describe("readKubeletConfig keeps odd keys for the signal check", () => {
  it('a "__proto__" key stays an own entry', () => {
    const raw = JSON.parse('{"evictionHard": {"__proto__": "1Gi"}}') as unknown;
    expect(Object.keys(readKubeletConfig(raw).evictionHard ?? {})).toEqual(["__proto__"]);
  });
});
