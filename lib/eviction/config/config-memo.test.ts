import { describe, expect, it } from "vitest";

import { freezeConfig, resolveConfig } from "./config-memo";

const kubeletConfig = () => ({
  evictionHard: { "memory.available": "300Mi", "nodefs.available": "12%" },
  evictionSoft: { "memory.available": "600Mi" },
  evictionSoftGracePeriod: { "memory.available": "90s" },
  evictionPressureTransitionPeriod: "45s",
});

const hardMemory = (r: ReturnType<typeof resolveConfig>) =>
  r.thresholds.find((t) => t.signal === "memory.available" && t.kind === "hard")?.value;

describe("resolveConfig's memo", () => {
  it("resolves a frozen configuration exactly as the same one unfrozen", () => {
    const plain = resolveConfig(kubeletConfig(), undefined, {});
    const frozen = resolveConfig(freezeConfig(kubeletConfig()), undefined, {});
    expect(frozen).toStrictEqual(plain);
    expect(frozen.config.evictionPressureTransitionPeriodSeconds).toBe(45);
  });

  it("freezes the configuration whole, so it cannot change behind the memo", () => {
    const c = freezeConfig(kubeletConfig());
    expect(() => {
      (c.evictionHard as Record<string, string>)["memory.available"] = "1Gi";
    }).toThrow(TypeError);
    expect(hardMemory(resolveConfig(c, undefined, {}))).toStrictEqual({ quantity: 300 * 2 ** 20 });
  });

  it("still tells apart the flags and the what-if settings of one frozen configuration", () => {
    const c = freezeConfig(kubeletConfig());
    const base = resolveConfig(c, undefined, {});
    const flagged = resolveConfig(c, "--eviction-pressure-transition-period=2m", {});
    expect(base.config.evictionPressureTransitionPeriodSeconds).toBe(45);
    // the file wins over a flag for a field it sets, as the kubelet does; the memo must not have
    // answered the second call with the first's entry either way
    expect(flagged).not.toBe(base);
    const raised = resolveConfig(c, undefined, { evictionHard: { "memory.available": "1Gi" } });
    expect(raised).not.toBe(base);
    expect(hardMemory(raised)).toStrictEqual({ quantity: 2 ** 30 });
  });

  it("keys an object that was not frozen by its content on every call", () => {
    const c = kubeletConfig();
    expect(resolveConfig(c, undefined, {}).config.evictionPressureTransitionPeriodSeconds).toBe(45);
    c.evictionPressureTransitionPeriod = "3m";
    expect(resolveConfig(c, undefined, {}).config.evictionPressureTransitionPeriodSeconds).toBe(180);
  });
});
