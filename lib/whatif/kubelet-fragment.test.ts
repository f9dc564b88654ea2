import { describe, expect, it } from "vitest";
import { parse } from "yaml";

import { effectiveConfig, parseKubeletFlags, readKubeletConfig } from "@/lib/eviction";

import { kubeletChange } from "./kubelet-fragment";

const node = {
  kubeletConfig: {
    evictionHard: { "memory.available": "100Mi", "nodefs.available": "10%" },
    kubeReserved: { cpu: "100m", memory: "442Mi" },
  },
  kubeletFlags: null,
};

describe("kubeletChange", () => {
  it("writes each touched map whole: the node's entries with the what-if on top", () => {
    const c = kubeletChange({ kubeReserved: { memory: "1Gi" }, evictionHard: { "memory.available": "500Mi" } }, node);
    expect(c.maps).toEqual({
      kubeReserved: { cpu: "100m", memory: "1Gi" },
      evictionHard: { "memory.available": "500Mi", "nodefs.available": "10%" },
    });
    expect(c.yaml).toBe(
      [
        "apiVersion: kubelet.config.k8s.io/v1beta1",
        "kind: KubeletConfiguration",
        "kubeReserved:",
        '  cpu: "100m"',
        '  memory: "1Gi"',
        "evictionHard:",
        '  memory.available: "500Mi"',
        '  nodefs.available: "10%"',
      ].join("\n"),
    );
    expect(c.flags).toBe("--kube-reserved=cpu=100m,memory=1Gi --eviction-hard='memory.available<500Mi,nodefs.available<10%'");
    expect(c.note).toBeNull();
  });

  it("starts from the kubelet defaults when the node sets no evictionHard", () => {
    const c = kubeletChange({ evictionHard: { "memory.available": "1Gi" } }, { kubeletConfig: null, kubeletFlags: null });
    expect(Object.keys(c.maps.evictionHard!)).toEqual([
      "imagefs.available",
      "imagefs.inodesFree",
      "memory.available",
      "nodefs.available",
      "nodefs.inodesFree",
    ]);
  });

  it.each([
    [{ kubeReserved: { memory: "1Gi", "ephemeral-storage": "2Gi" }, systemReserved: { pid: "1000" } }, node],
    [
      {
        evictionHard: { "memory.available": "500Mi" },
        evictionSoft: { "memory.available": "1Gi", "nodefs.available": "15%" },
        evictionSoftGracePeriod: { "memory.available": "1m30s", "nodefs.available": "2m" },
        evictionMinimumReclaim: { "memory.available": "200Mi" },
      },
      node,
    ],
    [
      { evictionHard: { "pid.available": "5%" } },
      { kubeletConfig: null, kubeletFlags: "--eviction-hard=memory.available<300Mi --kube-reserved=memory=1Gi" },
    ],
  ])("round-trips through the kubelet's flag parser and config reader: %j", (whatIf, base) => {
    const c = kubeletChange(whatIf, base);
    const fromFlags = parseKubeletFlags(c.flags);
    const fromYaml = readKubeletConfig(parse(c.yaml));
    for (const [key, map] of Object.entries(c.maps)) {
      expect(fromFlags[key as keyof typeof fromFlags]).toEqual(map);
      expect(fromYaml[key as keyof typeof fromYaml]).toEqual(map);
    }
    // Applying the change alone gives the node the settings the what-if showed.
    const want = effectiveConfig(
      base.kubeletConfig ? readKubeletConfig(base.kubeletConfig) : undefined,
      base.kubeletFlags ? parseKubeletFlags(base.kubeletFlags) : undefined,
      whatIf,
    ).config;
    const got = effectiveConfig(base.kubeletConfig ? readKubeletConfig(base.kubeletConfig) : undefined, {
      ...(base.kubeletFlags ? parseKubeletFlags(base.kubeletFlags) : {}),
      ...fromFlags,
    }).config;
    for (const key of Object.keys(c.maps)) expect(got[key as keyof typeof got]).toEqual(want[key as keyof typeof want]);
  });

  it("says usage growth is not a setting, and writes nothing for it", () => {
    const c = kubeletChange({ usageScale: { memory: 1.5 } }, node);
    expect(c).toEqual({
      maps: {},
      yaml: "",
      flags: "",
      note: "Usage growth (memory ×1.5) is a scenario, not a kubelet setting: it is not part of this change.",
    });
  });

  it("throws the engine's error, naming the field, for a bad value", () => {
    expect(() => kubeletChange({ evictionHard: { "memory.available": "lots" } }, node)).toThrow(/memory\.available/);
  });
});
