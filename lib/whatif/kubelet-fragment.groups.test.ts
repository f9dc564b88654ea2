// Pool- and fleet-scope "Apply it": one fragment per distinct effective configuration, each from its
// own settings (issue 22: a kubeadm node's kubeReserved was printed for the EKS pool).
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

import { groupByConfig, kubeletChangesByGroup } from "./kubelet-fragment";

const configs = {
  kubeadm: { kubeletConfig: { kubeReserved: { memory: "2Gi" } }, kubeletFlags: null },
  eks: { kubeletConfig: { kubeReserved: { cpu: "70m", memory: "893Mi", "ephemeral-storage": "1Gi" } }, kubeletFlags: null },
  gke: { kubeletConfig: null, kubeletFlags: "--kube-reserved=cpu=60m,memory=1Gi --eviction-hard=memory.available<100Mi" },
};
const rows = [
  { pool: "kubeadm", configId: "kubeadm" },
  { pool: "eks", configId: "eks" },
  { pool: "eks", configId: "eks" },
  { pool: "gke", configId: "gke" },
  { pool: "gke-spot", configId: "gke" },
];

describe("groupByConfig", () => {
  it("one group per distinct effective configuration, naming its pools, the largest first", () => {
    expect(groupByConfig(rows, configs).map((g) => [g.configId, g.pools, g.nodes])).toEqual([
      ["eks", ["eks"], 2],
      ["gke", ["gke", "gke-spot"], 2],
      ["kubeadm", ["kubeadm"], 1],
    ]);
  });
  it("nodes without a pool are named so; an unknown config id reads as kubelet defaults", () => {
    const [g] = groupByConfig([{ pool: null, configId: "gone" }], configs);
    expect(g).toMatchObject({ pools: ["(no pool)"], kubeletConfig: null, kubeletFlags: null, nodes: 1 });
  });
});

describe("kubeletChangesByGroup", () => {
  it("each pool's fragment keeps its own reservations with only the change on top", () => {
    const out = kubeletChangesByGroup({ kubeReserved: { memory: "3Gi" } }, groupByConfig(rows, configs));
    const reserved = Object.fromEntries(out.map((g) => [g.configId, parse(g.change!.yaml).kubeReserved]));
    expect(reserved).toEqual({
      eks: { cpu: "70m", memory: "3Gi", "ephemeral-storage": "1Gi" },
      gke: { cpu: "60m", memory: "3Gi" },
      kubeadm: { memory: "3Gi" },
    });
    // the flags-configured pool gets flags of its own too
    expect(out.find((g) => g.configId === "gke")!.change!.flags).toBe("--kube-reserved=cpu=60m,memory=3Gi");
  });
  it("a value one pool's kubelet would refuse is that group's error, not the others'", () => {
    const out = kubeletChangesByGroup({ evictionHard: { "memory.available": "-1Gi" } }, groupByConfig(rows, configs));
    expect(out.every((g) => g.change === null && /memory\.available/.test(g.error!))).toBe(true);
  });
});
