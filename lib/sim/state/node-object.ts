// Node, Lease and Namespace JSON. Conditions and taints come from SimNode state that the
// simulated kubelet and node lifecycle controller maintain.
import type { KObj } from "../apiserver/store";
import { statusImages } from "../kubelet/images";
import { rfc3339, rfc3339Micro } from "./clock";
import type { SimNode } from "./world";

/** Taints the node lifecycle controller derives from conditions (TaintNodesByCondition + NoExecute). */
function taintsFor(n: SimNode, now: number): object[] {
  const c = (t: string) => n.conditions.get(t)?.status;
  const taints: object[] = [];
  if (c("Ready") === "Unknown") {
    const at = rfc3339(n.conditions.get("Ready")!.lastTransitionTime);
    taints.push({ key: "node.kubernetes.io/unreachable", effect: "NoSchedule", timeAdded: at });
    taints.push({ key: "node.kubernetes.io/unreachable", effect: "NoExecute", timeAdded: at });
  } else if (c("Ready") === "False") {
    taints.push({ key: "node.kubernetes.io/not-ready", effect: "NoSchedule", timeAdded: rfc3339(now) });
  }
  if (c("MemoryPressure") === "True")
    taints.push({
      key: "node.kubernetes.io/memory-pressure",
      effect: "NoSchedule",
      timeAdded: rfc3339(n.conditions.get("MemoryPressure")!.lastTransitionTime),
    });
  if (c("DiskPressure") === "True")
    taints.push({
      key: "node.kubernetes.io/disk-pressure",
      effect: "NoSchedule",
      timeAdded: rfc3339(n.conditions.get("DiskPressure")!.lastTransitionTime),
    });
  if (c("PIDPressure") === "True")
    taints.push({
      key: "node.kubernetes.io/pid-pressure",
      effect: "NoSchedule",
      timeAdded: rfc3339(n.conditions.get("PIDPressure")!.lastTransitionTime),
    });
  return n.extraTaints ? [...taints, ...n.extraTaints] : taints;
}

const ORDER = ["MemoryPressure", "DiskPressure", "PIDPressure", "Ready"];

/** Builds the wire Node. */
export function nodeObject(n: SimNode, now: number): KObj {
  const octets = [64 + Math.floor(n.index / 256), n.index % 256];
  const cidr = `10.${octets[0]}.${octets[1]}.0/24`;
  const taints = taintsFor(n, now);
  const arch = n.pool.labels["kubernetes.io/arch"] ?? "amd64";
  return {
    apiVersion: "v1",
    kind: "Node",
    metadata: {
      name: n.name,
      uid: n.uid,
      creationTimestamp: rfc3339(n.created),
      labels: {
        "beta.kubernetes.io/arch": arch,
        "beta.kubernetes.io/os": "linux",
        "kubernetes.io/arch": arch,
        "kubernetes.io/hostname": n.name,
        "kubernetes.io/os": "linux",
        "headroom.dev/pool": n.pool.name,
        ...n.pool.labels,
      },
      annotations: { "node.alpha.kubernetes.io/ttl": "0", "volumes.kubernetes.io/controller-managed-attach-detach": "true" },
    },
    spec: {
      podCIDR: cidr,
      podCIDRs: [cidr],
      ...(n.unschedulable ? { unschedulable: true } : {}),
      ...(taints.length ? { taints } : {}),
    },
    status: {
      capacity: n.capacity,
      allocatable: n.allocatable,
      conditions: ORDER.flatMap((type) => {
        const c = n.conditions.get(type);
        return c
          ? [
              {
                lastHeartbeatTime: rfc3339(c.lastHeartbeatTime),
                lastTransitionTime: rfc3339(c.lastTransitionTime),
                message: c.message,
                reason: c.reason,
                status: c.status,
                type,
              },
            ]
          : [];
      }),
      addresses: [
        { address: n.ip, type: "InternalIP" },
        { address: n.name, type: "Hostname" },
      ],
      daemonEndpoints: { kubeletEndpoint: { Port: n.kubeletPort } },
      images: statusImages(n),
      nodeInfo: {
        architecture: arch,
        bootID: n.uid,
        containerRuntimeVersion: n.pool.containerRuntimeVersion,
        kernelVersion: n.pool.kernelVersion,
        kubeProxyVersion: "",
        kubeletVersion: n.pool.kubeletVersion,
        machineID: n.uid.replaceAll("-", ""),
        operatingSystem: "linux",
        osImage: n.pool.osImage,
        systemUUID: n.uid,
      },
    },
  };
}

/** Builds the node's Lease in kube-node-lease. */
export function leaseObject(n: SimNode): KObj {
  return {
    apiVersion: "coordination.k8s.io/v1",
    kind: "Lease",
    metadata: {
      name: n.name,
      namespace: "kube-node-lease",
      uid: n.uid.replace(/^.{8}/, "1ea5e000"),
      creationTimestamp: rfc3339(n.leaseCreated),
      ownerReferences: [{ apiVersion: "v1", kind: "Node", name: n.name, uid: n.uid }],
    },
    spec: { holderIdentity: n.name, leaseDurationSeconds: 40, renewTime: rfc3339Micro(n.leaseRenewed) },
  };
}

/** Builds a Namespace. */
export function namespaceObject(name: string, created: number, uid: string): KObj {
  return {
    apiVersion: "v1",
    kind: "Namespace",
    metadata: { name, uid, creationTimestamp: rfc3339(created), labels: { "kubernetes.io/metadata.name": name } },
    spec: { finalizers: ["kubernetes"] },
    status: { phase: "Active" },
  };
}
