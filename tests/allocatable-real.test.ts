// computeAllocatable against real Node objects: the config that reproduces each reported allocatable.
import { describe, expect, it } from "vitest";

import {
  computeAllocatable,
  effectiveConfig,
  parseCapacity,
  readKubeletConfig,
  validateReservation,
  type Node,
} from "@/lib/eviction";

import { fixture } from "./fixtures";

const load = (path: string): unknown => fixture(path);
function firstNode(path: string): Required<Pick<Node, "status">> & Node {
  const doc = load(path) as Node | Node[] | { items: Node[] };
  const node = Array.isArray(doc) ? doc[0] : "items" in doc ? doc.items[0] : doc;
  if (!node?.status?.capacity || !node.status.allocatable) throw new Error(`${path}: no capacity/allocatable`);
  return node as Required<Pick<Node, "status">> & Node;
}
const Ki = 1024;
const Mi = 2 ** 20;

describe("nri-minikube-1.35 (capacity == allocatable)", () => {
  const node = firstNode("nodes/nri-minikube-1.35-nodelist.json");
  const capacity = node.status.capacity ?? {};
  const reported = parseCapacity(node.status.allocatable ?? {});

  it("default config does NOT reproduce it: 100Mi memory and 10% of the root fs would be reserved", () => {
    const { allocatable, reservation } = computeAllocatable(capacity, effectiveConfig().config);
    expect(reservation.evictionHard).toEqual({ memory: 100 * Mi, "ephemeral-storage": 97789613898 }); // trunc(954976684Ki × f32(0.1))
    expect(allocatable.memory).toBe(8024304 * Ki - 100 * Mi); // 8112029696
    expect(allocatable["ephemeral-storage"]).toBe(954976684 * Ki - 97789613898); // 880106510518
    expect(allocatable).not.toEqual(reported);
  });
  it("the kind/minikube-style evictionHard (0% disk signals, no memory.available) reproduces it exactly", () => {
    const raw = { evictionHard: { "nodefs.available": "0%", "nodefs.inodesFree": "0%", "imagefs.available": "0%" } };
    const { allocatable, reservation } = computeAllocatable(capacity, effectiveConfig(readKubeletConfig(raw)).config);
    expect(reservation.total).toEqual({});
    expect(allocatable).toEqual(reported);
  });
  it("so does --experimental-allocatable-ignore-eviction with the default thresholds (the node alone cannot tell which)", () => {
    const config = effectiveConfig(undefined, { experimentalAllocatableIgnoreEviction: true }).config;
    expect(computeAllocatable(capacity, config).allocatable).toEqual(reported);
  });
  it("zero hugepages capacity takes nothing from memory", () => {
    expect(reported.memory).toBe(8024304 * Ki);
  });
});

describe("nodes whose own configz is known reproduce their reported allocatable", () => {
  it.each([
    ["nodes/sonobuoy-kind-1.21-nodelist.json", "configz/sonobuoy-kind-1.21-control-plane.json"],
    // memory 4019932Ki − 100Mi = 3917532Ki; ephemeral 135601832Ki − trunc(138856275968 × f32(0.1)) = 124970648165
    ["nodes/sonobuoy-kubeadm-1.19-nodelist.json", "configz/sonobuoy-kubeadm-1.19-my-node.json"],
  ])("%s with %s", (nodePath, configPath) => {
    const node = firstNode(nodePath);
    const config = effectiveConfig(readKubeletConfig(load(configPath))).config;
    expect(computeAllocatable(node.status.capacity ?? {}, config).allocatable).toEqual(
      parseCapacity(node.status.allocatable ?? {}),
    );
    expect(() => validateReservation(node.status.capacity ?? {}, config)).not.toThrow();
  });
});

describe("OpenShift 4.7 workers: systemReserved 500m / 1Gi / 1Gi ephemeral plus the default hard eviction", () => {
  const config = effectiveConfig({
    systemReserved: { cpu: "500m", memory: "1Gi", "ephemeral-storage": "1Gi" },
    evictionHard: {
      "memory.available": "100Mi",
      "nodefs.available": "10%",
      "nodefs.inodesFree": "5%",
      "imagefs.available": "15%",
    },
  }).config;
  it.each(["nodes/openshift-4.7-gcp-ci-worker-node.json", "nodes/openshift-4.7-upshift-worker-node.json"])("%s", (path) => {
    const node = firstNode(path);
    const { allocatable } = computeAllocatable(node.status.capacity ?? {}, config);
    expect(allocatable).toEqual(parseCapacity(node.status.allocatable ?? {}));
  });
});
