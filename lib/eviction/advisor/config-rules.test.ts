import { describe, expect, it } from "vitest";

import { adviseNode, type Finding } from "@/lib/whatif/advisor-fixes";

const GiB = 2 ** 30;
const lint = (kubeletConfig: unknown, kubeletFlags: string | null = null) =>
  adviseNode({ name: "n1", kubeletConfig, kubeletFlags });
const rules = (fs: Finding[]) => fs.map((f) => `${f.rule}:${f.severity}`);
const memSummary = (available: number, workingSet: number) => ({
  node: { nodeName: "n1", memory: { availableBytes: available, workingSetBytes: workingSet } },
});

describe("config-invalid", () => {
  it("fires with the engine's field-named error when the kubelet would refuse the config", () => {
    const [f] = lint({ evictionSoft: { "memory.available": "1Gi" } });
    expect(f?.rule).toBe("config-invalid");
    expect(f?.severity).toBe("error");
    expect(f?.message).toContain('kubeletConfig.evictionSoft["memory.available"]');
    expect(f?.message).toContain("grace period must be specified");
  });
  it("names an impossible reservation when the node's capacity is known", () => {
    const fs = adviseNode({
      name: "n1",
      kubeletConfig: { kubeReserved: { memory: "9Gi" } },
      kubeletFlags: null,
      node: { status: { capacity: { memory: "8Gi", pods: "110" } } },
    });
    expect(rules(fs)).toContain("config-invalid:error");
    expect(fs[0]?.message).toContain("invalid Node Allocatable configuration");
  });
  it("stays silent on a valid config", () => {
    expect(
      lint({
        evictionHard: {
          "memory.available": "100Mi",
          "nodefs.available": "10%",
          "nodefs.inodesFree": "5%",
          "imagefs.available": "15%",
          "imagefs.inodesFree": "5%",
        },
      }),
    ).toEqual([]);
  });
});

describe("partial-eviction-hard", () => {
  it("is an error when only memory.available is set: the disk defaults are gone (kubernetes#127577)", () => {
    const [f] = lint({ evictionHard: { "memory.available": "500Mi" } });
    expect(f?.rule).toBe("partial-eviction-hard");
    expect(f?.severity).toBe("error");
    expect(f?.message).toContain("nodefs.available (default 10%)");
    expect(f?.fix?.yaml).toContain('nodefs.available: "10%"');
    // the node's own entry is kept in the whole map the fix writes
    expect(f?.fix?.yaml).toContain('memory.available: "500Mi"');
    expect(f?.fix?.flags).toContain("--eviction-hard='");
  });
  it("fires for a flag line too (a flag replaces the whole map)", () => {
    const [f] = lint(null, "--eviction-hard=nodefs.available<10%,nodefs.inodesFree<5%");
    expect(f?.rule).toBe("partial-eviction-hard");
    expect(f?.severity).toBe("error");
    expect(f?.message).toContain("--eviction-hard");
    expect(f?.message).toContain("memory.available (default 100Mi)");
  });
  it("is info when only the imagefs defaults are missing (EKS's own config)", () => {
    const fs = lint({ evictionHard: { "memory.available": "100Mi", "nodefs.available": "10%", "nodefs.inodesFree": "5%" } });
    expect(rules(fs)).toEqual(["partial-eviction-hard:info"]);
  });
  it("is info when every entry given is 0%: eviction is switched off on purpose (kind)", () => {
    const fs = lint({ evictionHard: { "imagefs.available": "0%", "nodefs.available": "0%", "nodefs.inodesFree": "0%" } });
    expect(rules(fs)).toEqual(["partial-eviction-hard:info"]);
    expect(fs[0]?.message).toContain("never evicts");
  });
  it("stays silent with mergeDefaultEvictionSettings, with no evictionHard, and with the whole map", () => {
    expect(lint({ evictionHard: { "memory.available": "500Mi" }, mergeDefaultEvictionSettings: true })).toEqual([]);
    expect(lint({ maxPods: 110 })).toEqual([]);
    expect(lint(null, "--max-pods=110")).toEqual([]);
  });
});

describe("soft-not-above-hard", () => {
  const base = { "nodefs.available": "10%", "nodefs.inodesFree": "5%", "imagefs.available": "15%", "imagefs.inodesFree": "5%" };
  it("fires when the soft quantity is at or below the hard one", () => {
    const fs = lint({
      evictionHard: { ...base, "memory.available": "500Mi" },
      evictionSoft: { "memory.available": "500Mi" },
      evictionSoftGracePeriod: { "memory.available": "1m" },
    });
    expect(rules(fs)).toEqual(["soft-not-above-hard:warning"]);
    expect(fs[0]?.message).toContain("500Mi, at or below its hard threshold 500Mi");
    expect(fs[0]?.fix?.whatIf).toEqual({ evictionSoft: { "memory.available": "1000Mi" } });
  });
  it("compares a percentage with a quantity against the node's memory", () => {
    const fs = adviseNode({
      name: "n1",
      kubeletFlags: null,
      kubeletConfig: {
        evictionHard: { ...base, "memory.available": "1Gi" },
        evictionSoft: { "memory.available": "5%" },
        evictionSoftGracePeriod: { "memory.available": "1m" },
      },
      summary: memSummary(6 * GiB, 2 * GiB), // 5 % of 8Gi = 409.6Mi < 1Gi
    });
    expect(rules(fs)).toEqual(["soft-not-above-hard:warning"]);
  });
  it("stays silent when the soft threshold is above the hard one", () => {
    expect(
      lint({
        evictionHard: { ...base, "memory.available": "100Mi" },
        evictionSoft: { "memory.available": "1Gi" },
        evictionSoftGracePeriod: { "memory.available": "2m" },
      }),
    ).toEqual([]);
  });
});

describe("setting-without-threshold", () => {
  it("fires for a grace period with no soft threshold and a min-reclaim with no threshold", () => {
    const fs = lint({
      evictionSoftGracePeriod: { "memory.available": "1m" },
      evictionMinimumReclaim: { "pid.available": "100" },
    });
    expect(rules(fs)).toEqual(["setting-without-threshold:warning", "setting-without-threshold:warning"]);
  });
  it("stays silent when each has its threshold", () => {
    expect(lint({ evictionMinimumReclaim: { "memory.available": "200Mi" } })).toEqual([]);
  });
});

describe("allocatable-eviction-off", () => {
  it("fires without pods in enforceNodeAllocatable, and its fix puts pods back", () => {
    const fs = lint({ enforceNodeAllocatable: ["system-reserved"], systemReservedCgroup: "/system" });
    expect(rules(fs)).toEqual(["allocatable-eviction-off:warning"]);
    expect(fs[0]?.fix?.yaml).toContain('- "pods"');
  });
  it("fires with experimentalAllocatableIgnoreEviction", () => {
    expect(rules(lint(null, "--experimental-allocatable-ignore-eviction"))).toEqual(["allocatable-eviction-off:warning"]);
  });
  it("stays silent with the defaults", () => {
    expect(lint({ enforceNodeAllocatable: ["pods"] })).toEqual([]);
  });
});
