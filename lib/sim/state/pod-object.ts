// Builds Pod JSON from a compact PodRecord, in the shape the API server returns after defaulting
// (tolerations, dnsPolicy, terminationGracePeriodSeconds, status conditions, containerStatuses).
import type { KObj } from "../apiserver/store";
import { resizeConditions, resizeContainerStatus, specResources } from "../kubelet/resize";
import { rfc3339 } from "./clock";
import type { PodRecord } from "./world";

// What the DefaultTolerationSeconds admission plugin adds to a pod with no toleration of its own.
const TOLERATIONS = [
  { key: "node.kubernetes.io/not-ready", operator: "Exists", effect: "NoExecute", tolerationSeconds: 300 },
  { key: "node.kubernetes.io/unreachable", operator: "Exists", effect: "NoExecute", tolerationSeconds: 300 },
];
// The DaemonSet controller's (pkg/controller/daemon/util AddOrUpdateDaemonPodTolerations): a node
// agent stays on a node that is not ready or unreachable, without a time limit.
const DAEMON_TOLERATIONS = [
  { key: "node.kubernetes.io/not-ready", operator: "Exists", effect: "NoExecute" },
  { key: "node.kubernetes.io/unreachable", operator: "Exists", effect: "NoExecute" },
  { key: "node.kubernetes.io/disk-pressure", operator: "Exists", effect: "NoSchedule" },
  { key: "node.kubernetes.io/memory-pressure", operator: "Exists", effect: "NoSchedule" },
  { key: "node.kubernetes.io/pid-pressure", operator: "Exists", effect: "NoSchedule" },
  { key: "node.kubernetes.io/unschedulable", operator: "Exists", effect: "NoSchedule" },
];
// kubeadm's static pod manifests tolerate every NoExecute taint.
const STATIC_TOLERATIONS = [{ operator: "Exists", effect: "NoExecute" }];

function tolerationsOf(p: PodRecord): object[] {
  const k = p.t.spec.kind;
  return k === "DaemonSet" ? DAEMON_TOLERATIONS : k === "Static" ? STATIC_TOLERATIONS : TOLERATIONS;
}

function ownerRef(p: PodRecord): object[] | undefined {
  const k = p.t.spec.kind;
  if (k === "Static")
    return [{ apiVersion: "v1", kind: "Node", name: p.node?.name ?? "", uid: p.node?.uid ?? "", controller: true }];
  const kind = k === "Deployment" ? "ReplicaSet" : k;
  const name = k === "Deployment" ? `${p.t.name}-${p.t.hash}` : p.t.name;
  return [{ apiVersion: "apps/v1", kind, name, uid: p.t.ownerUid, controller: true, blockOwnerDeletion: true }];
}

function cond(type: string, status: string, at: number, extra: object = {}): object {
  return { type, status, lastProbeTime: null, lastTransitionTime: rfc3339(at), ...extra };
}

function statusOf(p: PodRecord): object {
  const t = p.t;
  const start = p.created + 2000;
  const base = { qosClass: t.qosClass };
  if (!p.node) {
    return {
      ...base,
      phase: "Pending",
      conditions: [
        cond("PodScheduled", "False", p.created, {
          reason: "Unschedulable",
          message: "0/1 nodes are available: 1 node(s) had untolerated taint(s).",
        }),
      ],
    };
  }
  const host = {
    hostIP: p.node.ip,
    hostIPs: [{ ip: p.node.ip }],
    podIP: p.podIP,
    podIPs: [{ ip: p.podIP }],
    startTime: rfc3339(start),
  };
  if (p.evicted) {
    const at = p.evicted.at;
    return {
      ...base,
      ...host,
      phase: "Failed",
      reason: "Evicted",
      message: p.evicted.message,
      conditions: [
        cond("DisruptionTarget", "True", at, { reason: "TerminationByKubelet", message: p.evicted.message }),
        cond("PodReadyToStartContainers", "False", at),
        cond("Initialized", "True", start),
        cond("Ready", "False", at, { reason: "PodFailed" }),
        cond("ContainersReady", "False", at, { reason: "PodFailed" }),
        cond("PodScheduled", "True", p.created),
      ],
      containerStatuses: t.containers.map((c) => ({
        name: c.name,
        image: c.image,
        imageID: "",
        containerID: `containerd://${p.uid.replaceAll("-", "")}${c.name.length}`,
        ready: false,
        restartCount: 0,
        started: false,
        state: {
          terminated: { exitCode: 137, reason: "Error", startedAt: rfc3339(start + 1000), finishedAt: rfc3339(at + 1000) },
        },
        lastState: {},
      })),
    };
  }
  const d = p.disruption;
  return {
    ...base,
    ...host,
    phase: "Running",
    conditions: [
      ...(d ? [cond("DisruptionTarget", "True", d.at, { reason: d.reason, message: d.message })] : []),
      cond("PodReadyToStartContainers", "True", start + 1000),
      cond("Initialized", "True", start),
      cond("Ready", "True", start + 3000),
      cond("ContainersReady", "True", start + 3000),
      cond("PodScheduled", "True", p.created),
      ...resizeConditions(p, start),
    ],
    containerStatuses: t.containers.map((c) => {
      const oom = p.restarts?.[c.name];
      const id = `containerd://${p.uid.replaceAll("-", "")}${c.name.length}`;
      return {
        name: c.name,
        image: c.image,
        imageID: `${c.image.split(":")[0]}@sha256:${p.t.hash.padEnd(64, "0")}`,
        containerID: oom ? `${id}-${oom.count}` : id,
        ready: true,
        restartCount: oom?.count ?? 0,
        started: true,
        state: { running: { startedAt: rfc3339(oom ? oom.at + 1000 : start + 1000) } },
        // A container killed by the kernel at its memory limit: 137 = 128 + SIGKILL.
        lastState: oom
          ? {
              terminated: {
                exitCode: 137,
                reason: "OOMKilled",
                containerID: oom.count > 1 ? `${id}-${oom.count - 1}` : id,
                startedAt: rfc3339(start + 1000),
                finishedAt: rfc3339(oom.at),
              },
            }
          : {},
        ...resizeContainerStatus(t, c),
      };
    }),
  };
}

/** Builds the wire Pod for a record. */
export function podObject(p: PodRecord): KObj {
  const t = p.t;
  const isStatic = t.spec.kind === "Static";
  const metadata: KObj["metadata"] = {
    name: p.name,
    namespace: t.namespace,
    uid: p.uid,
    creationTimestamp: rfc3339(p.created),
    labels: t.labels,
    ownerReferences: ownerRef(p),
  };
  if (p.deletionAt !== undefined) {
    metadata.deletionTimestamp = rfc3339(p.deletionAt + 30_000);
    metadata.deletionGracePeriodSeconds = 30;
  }
  if (t.spec.kind !== "StatefulSet" && !isStatic) metadata.generateName = p.name.slice(0, p.name.lastIndexOf("-") + 1);
  if (isStatic) {
    metadata.annotations = {
      "kubernetes.io/config.hash": p.uid.replaceAll("-", ""),
      "kubernetes.io/config.mirror": p.uid.replaceAll("-", ""),
      "kubernetes.io/config.seen": rfc3339(p.created),
      "kubernetes.io/config.source": "file",
    };
  }
  const spec: Record<string, unknown> = {
    containers: t.containers.map((c) => ({
      name: c.name,
      image: c.image,
      imagePullPolicy: "IfNotPresent",
      resources: specResources(t, c),
      terminationMessagePath: "/dev/termination-log",
      terminationMessagePolicy: "File",
    })),
    dnsPolicy: "ClusterFirst",
    enableServiceLinks: true,
    preemptionPolicy: "PreemptLowerPriority",
    priority: t.spec.priority ?? 0,
    restartPolicy: "Always",
    schedulerName: "default-scheduler",
    securityContext: {},
    serviceAccount: "default",
    serviceAccountName: "default",
    terminationGracePeriodSeconds: 30,
    tolerations: tolerationsOf(p),
  };
  if (t.spec.priorityClassName) spec.priorityClassName = t.spec.priorityClassName;
  if (p.node) spec.nodeName = p.node.name;
  if (t.volumes.length) spec.volumes = t.volumes.map((v) => ({ name: v.name, emptyDir: v.emptyDir }));
  return { apiVersion: "v1", kind: "Pod", metadata, spec, status: statusOf(p) };
}

/** Returns the field-selector values the API server supports for pods. */
export function podFields(p: PodRecord): Record<string, string> {
  return {
    "metadata.name": p.name,
    "metadata.namespace": p.t.namespace,
    "spec.nodeName": p.node?.name ?? "",
    "spec.restartPolicy": "Always",
    "spec.schedulerName": "default-scheduler",
    "spec.serviceAccountName": "default",
    "spec.hostNetwork": "false",
    "status.phase": p.phase,
    "status.podIP": p.node ? p.podIP : "",
    "status.nominatedNodeName": "",
  };
}

export const POD_FIELDS = [
  "metadata.name",
  "metadata.namespace",
  "spec.nodeName",
  "spec.restartPolicy",
  "spec.schedulerName",
  "spec.serviceAccountName",
  "spec.hostNetwork",
  "status.phase",
  "status.podIP",
  "status.nominatedNodeName",
];
