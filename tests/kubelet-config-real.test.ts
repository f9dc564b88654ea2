// Every real kubelet configuration (configz captures, config files, the AKS flags line) goes through
// readKubeletConfig / parseKubeletFlags → effectiveConfig → parseThresholds; a few lists are asserted.
import { describe, expect, it } from "vitest";

import { effectiveConfig, parseKubeletFlags, parseThresholds, readKubeletConfig, type Threshold } from "@/lib/eviction";

import { fixture, fixtureFiles } from "./fixtures";

const CONFIG_FIXTURES = [
  ...fixtureFiles("configz"),
  ...fixtureFiles("kubelet-config-files").filter((f) => !f.endsWith(".text.json")),
];
const load = (path: string): unknown => fixture(path);
const thresholdsOf = (path: string) => {
  const eff = effectiveConfig(readKubeletConfig(load(path)));
  return parseThresholds(eff.config, eff.fieldName);
};
const hard = (signal: Threshold["signal"], value: Threshold["value"]): Threshold => ({
  signal,
  kind: "hard",
  value,
  gracePeriodSeconds: 0,
  minReclaim: null,
});
const Mi = 2 ** 20;
const P10 = { percentage: 0.10000000149011612 };
const P5 = { percentage: 0.05000000074505806 };

describe("every real config fixture parses", () => {
  it.each(CONFIG_FIXTURES)("%s", (path) => {
    const eff = effectiveConfig(readKubeletConfig(load(path)));
    expect(eff.source).toBe("kubeletConfig");
    expect(() => parseThresholds(eff.config, eff.fieldName)).not.toThrow();
  });
});

describe("asserted threshold lists of real configs", () => {
  it("kind 1.21 configz: all-0% disk thresholds and no memory.available → no thresholds at all", () => {
    expect(thresholdsOf("configz/sonobuoy-kind-1.21-control-plane.json")).toEqual([]);
  });
  it('legacy k8s 1.8 configz: evictionHard flag string, empty maps as ""', () => {
    const raw = readKubeletConfig(load("configz/sonobuoy-aws-kubeadm-1.8-legacy-string-eviction.json"));
    expect(raw).toMatchObject({ evictionSoft: {}, evictionSoftGracePeriod: {}, evictionMinimumReclaim: {}, kubeReserved: {} });
    expect(thresholdsOf("configz/sonobuoy-aws-kubeadm-1.8-legacy-string-eviction.json")).toEqual([
      hard("memory.available", { quantity: 100 * Mi }),
      hard("nodefs.available", P10),
      hard("nodefs.inodesFree", P5),
      hard("allocatableMemory.available", { quantity: 100 * Mi }),
    ]);
  });
  it("kubeadm 1.19 configz keeps config map order: imagefs, memory, nodefs, inodes, then the copy", () => {
    expect(thresholdsOf("configz/sonobuoy-kubeadm-1.19-my-node.json")).toEqual([
      hard("imagefs.available", { percentage: 0.15000000596046448 }),
      hard("memory.available", { quantity: 100 * Mi }),
      hard("nodefs.available", P10),
      hard("nodefs.inodesFree", P5),
      hard("allocatableMemory.available", { quantity: 100 * Mi }),
    ]);
  });
  it("DOKS config file: 51200Ki memory, pid.available 10%, imagefs.inodesFree 6%", () => {
    expect(thresholdsOf("kubelet-config-files/learnk8s-doks-2022-kubelet-config.json")).toEqual([
      hard("memory.available", { quantity: 52428800 }),
      hard("pid.available", P10),
      hard("imagefs.inodesFree", { percentage: 0.05999999865889549 }),
      hard("nodefs.available", P10),
      hard("nodefs.inodesFree", P5),
      hard("imagefs.available", { percentage: 0.15000000596046448 }),
      hard("allocatableMemory.available", { quantity: 52428800 }),
    ]);
  });
  it("EKS outposts configz: kubeReserved read, no systemReserved", () => {
    const c = readKubeletConfig(load("configz/eks-1.30-al2023-outposts-ip-10-0-48-35.json"));
    expect(c.kubeReserved).toEqual({ cpu: "550m", "ephemeral-storage": "1Gi", memory: "8362Mi" });
    expect(c.systemReserved).toBeUndefined();
  });
});

describe("the real AKS /etc/default/kubelet KUBELET_FLAGS line", () => {
  const aks = fixture<{ raw: string }>("kubelet-config-files/learnk8s-aks-2022-kubelet-flags.text.json");
  const flags = parseKubeletFlags(aks.raw);
  it("reads the eviction and reservation flags and nothing else", () => {
    expect(flags).toEqual({
      enforceNodeAllocatable: ["pods"],
      evictionHard: { "memory.available": "750Mi", "nodefs.available": "10%", "nodefs.inodesFree": "5%" },
      kubeReserved: { cpu: "100m", memory: "1843Mi" },
    });
  });
  it("gives the threshold list [hard × 3, allocatable copy] with source kubeletFlags", () => {
    const eff = effectiveConfig(undefined, flags);
    expect(eff.source).toBe("kubeletFlags");
    expect(parseThresholds(eff.config, eff.fieldName)).toEqual([
      { signal: "memory.available", kind: "hard", value: { quantity: 786432000 }, gracePeriodSeconds: 0, minReclaim: null },
      {
        signal: "nodefs.available",
        kind: "hard",
        value: { percentage: 0.10000000149011612 },
        gracePeriodSeconds: 0,
        minReclaim: null,
      },
      {
        signal: "nodefs.inodesFree",
        kind: "hard",
        value: { percentage: 0.05000000074505806 },
        gracePeriodSeconds: 0,
        minReclaim: null,
      },
      {
        signal: "allocatableMemory.available",
        kind: "hard",
        value: { quantity: 786432000 },
        gracePeriodSeconds: 0,
        minReclaim: null,
      },
    ]);
  });
});
