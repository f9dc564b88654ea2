// Pure: reduce Kubernetes and kubelet objects to the fields Headroom reads, on arrival, so the
// per-process cache stays small at 150 000 pods (no managedFields, no env, no probes).
// The trimmed shapes are still valid Kubernetes JSON, so the engine and the browser read them as is.
import type {
  FsStats,
  MemoryStats,
  NodeCondition,
  NodeStats,
  ObjectMeta,
  Pod,
  PodSpec,
  PodStats,
  PodStatus,
  ResourceList,
  ResourceRequirements,
  Summary,
} from "@/lib/eviction";

import { keepNodePressure, keepPodPressure, type RawStats } from "./trim-pressure";
import type {
  ContainerImage,
  NodeAddress,
  NodeInfo,
  PodCondition,
  Taint,
  TerminatedState,
  WireContainer,
  WireContainerStatus,
  WireEvent,
  WireLease,
  WireNode,
  WirePod,
  WireSummary,
  WireVolume,
} from "./wire";

/** A copy of `o` with only `keys` (those present); undefined for no object. */
function pick<T extends object, K extends keyof T>(o: T | undefined, keys: readonly K[]): Pick<T, K> | undefined {
  if (!o) return undefined;
  const out = {} as Pick<T, K>;
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
}

/** Annotations the engine reads (static/mirror pods are critical) — the rest are dropped. */
const POD_ANNOTATIONS = ["kubernetes.io/config.source", "kubernetes.io/config.mirror", "kubernetes.io/config.hash"];

export interface TrimmedNode {
  metadata: { name: string; uid?: string; labels: Record<string, string>; resourceVersion?: string; creationTimestamp?: string };
  /** Absent when the Node had no spec. */
  spec?: { unschedulable?: boolean; taints?: Taint[] };
  status: {
    capacity?: ResourceList;
    allocatable?: ResourceList;
    conditions?: NodeCondition[];
    addresses?: NodeAddress[];
    daemonEndpoints?: { kubeletEndpoint?: { Port?: number } };
    nodeInfo?: NodeInfo;
    /** node.status.images (names and sizes), for the unused image bytes GC can delete. */
    images?: ContainerImage[];
  };
}

// The strings every node repeats (a pool's label values, the conditions' words) are kept once per
// process: JSON.parse makes a copy per node, 5 000 of each (heap snapshot, docs/benchmarks.md). The
// conditions' times differ per node and are kept as they come.
const sharedLabels = (labels: Record<string, string>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const k in labels) out[k] = sharedName(labels[k])!;
  return out;
};
const sharedCondition = (c: NodeCondition): NodeCondition => ({
  ...c,
  type: sharedName(c.type)!,
  status: sharedName(c.status)!,
  ...(c.reason !== undefined ? { reason: sharedName(c.reason) } : {}),
  ...(c.message !== undefined ? { message: sharedName(c.message) } : {}),
});

/** Keeps a Node's identity, labels, spec.unschedulable/taints and the status fields Headroom reads. */
export function trimNode(n: WireNode): TrimmedNode {
  const s = n.status ?? {};
  return {
    metadata: {
      name: n.metadata?.name ?? "",
      uid: n.metadata?.uid,
      labels: n.metadata?.labels ? sharedLabels(n.metadata.labels) : {},
      resourceVersion: n.metadata?.resourceVersion,
      creationTimestamp: n.metadata?.creationTimestamp,
    },
    spec: pick(n.spec, ["unschedulable", "taints"]),
    status: {
      capacity: s.capacity,
      allocatable: s.allocatable,
      conditions: s.conditions?.map(sharedCondition),
      addresses: s.addresses,
      daemonEndpoints: s.daemonEndpoints,
      // A pool's nodes run the same kubelet and OS, and pull the same images: one frozen copy each.
      nodeInfo:
        s.nodeInfo &&
        intern(pick(s.nodeInfo, ["kubeletVersion", "osImage", "kernelVersion", "containerRuntimeVersion", "architecture"])!),
      ...(Array.isArray(s.images)
        ? { images: intern(s.images.map((i) => ({ names: i.names ?? [], sizeBytes: i.sizeBytes ?? 0 }))) }
        : {}),
    },
  };
}

// The image says which of node.status.images are in use (lib/forecast/node-images.ts); specs are interned, so it costs one string per workload.
const trimContainer = (c: WireContainer): WireContainer => pick(c, ["name", "image", "resources", "restartPolicy"])!;

// Replicas of one workload share their container specs: keep one frozen copy of each distinct
// value (150 000 pods carry a few thousand distinct specs), which saves most of the pod memory.
const interned = new Map<string, unknown>();
const MAX_INTERNED = 100_000;

/** Returns a shared, frozen copy of a JSON value equal to `v`. */
export function intern<T>(v: T): T {
  const key = JSON.stringify(v);
  const hit = interned.get(key);
  if (hit !== undefined) return hit as T;
  if (interned.size >= MAX_INTERNED) interned.clear();
  const frozen = deepFreeze(v);
  interned.set(key, frozen);
  return frozen;
}

function deepFreeze<T>(v: T): T {
  if (v && typeof v === "object") {
    for (const x of Object.values(v)) deepFreeze(x);
    Object.freeze(v);
  }
  return v;
}

// Each pod carries its node's name: one shared string per node instead of one per pod (and the
// same for the other strings many objects repeat: namespaces, label values, condition words).
const names = new Map<string, string>();

/** One string per content for the strings many objects repeat (bounded: cleared past 100 000). */
export function sharedName(s: string | undefined): string | undefined {
  if (typeof s !== "string") return s;
  const hit = names.get(s);
  if (hit !== undefined) return hit;
  if (names.size >= MAX_INTERNED) names.clear();
  names.set(s, s);
  return s;
}

const MARKER_VOLUMES = [
  "hostPath",
  "configMap",
  "gitRepo",
  "secret",
  "downwardAPI",
  "ephemeral",
  "persistentVolumeClaim",
] as const;

// The engine reads a volume's kind (and an emptyDir's medium and limit), never its source details.
const trimVolume = (v: WireVolume): WireVolume => {
  const out: WireVolume = { name: v.name };
  if (v.emptyDir) out.emptyDir = pick(v.emptyDir, ["medium", "sizeLimit"]);
  for (const k of MARKER_VOLUMES) if (v[k]) out[k] = {};
  return out;
};

const RESIZE_CONDITIONS = new Set(["PodResizePending", "PodResizeInProgress"]);

function trimContainerStatus(cs: WireContainerStatus): CachedContainerStatus {
  const t = cs.lastState?.terminated;
  return {
    name: cs.name,
    restartCount: cs.restartCount,
    ...(t ? { lastState: { terminated: pick(t, ["reason", "exitCode", "finishedAt"]) } } : {}),
  };
}

/** A container's restarts and, when it was OOM-killed, how it last ended. */
interface CachedContainerStatus {
  name: string;
  restartCount?: number;
  lastState?: { terminated?: TerminatedState };
  allocatedResources?: ResourceList;
  resources?: ResourceRequirements;
}

/** A Pod as the cache keeps it: what the engine reads, plus what the eviction history reads. */
export interface TrimmedPod extends Pod {
  metadata: ObjectMeta & { deletionTimestamp?: string };
  spec: PodSpec;
  status: PodStatus & { conditions?: PodCondition[]; containerStatuses?: CachedContainerStatus[] };
}

/** Keeps what the engine, the requested totals and the eviction history need; null drops Succeeded pods. */
export function trimPod(p: WirePod): TrimmedPod | null {
  const st = p.status ?? {};
  if (st.phase === "Succeeded") return null;
  const ann = p.metadata?.annotations;
  const annotations = ann
    ? Object.fromEntries(POD_ANNOTATIONS.filter((k) => ann[k] !== undefined).map((k) => [k, ann[k]!]))
    : undefined;
  const m = p.metadata ?? {};
  const spec = p.spec ?? {};
  const disruption = st.conditions?.filter((c) => c.type === "DisruptionTarget" || RESIZE_CONDITIONS.has(c.type));
  const oom = st.containerStatuses?.filter(
    (cs) => cs.lastState?.terminated?.reason === "OOMKilled" || cs.state?.terminated?.reason === "OOMKilled",
  );
  return {
    metadata: keptMetadata(m, annotations),
    spec: keptSpec(spec),
    status: trimPodStatus(st, disruption, oom),
  };
}

// The metadata and spec of nearly every pod, as object literals of a fixed set of keys: an object
// built with spreads reserves room for the keys they might add (V8 gave the spec 9 fields for its 5
// and the metadata 6 for its 4, 8 bytes each), 40-50 bytes a pod at 150 000 pods. The kept keys and
// their order are the same either way (trim.test.ts).
function keptMetadata(
  m: NonNullable<WirePod["metadata"]>,
  annotations: Record<string, string> | undefined,
): TrimmedPod["metadata"] {
  // No resourceVersion (the pods' reflector keeps none: cache.ts says why) and no creationTimestamp
  // (nothing reads it): 150 000 copies of each would be dead weight. A few namespaces for 150 000 pods: one string each.
  const namespace = sharedName(m.namespace);
  const ownerReferences = m.ownerReferences ? intern(m.ownerReferences.map((o) => pick(o, ["kind", "name"])!)) : undefined;
  const kept = annotations && Object.keys(annotations).length ? annotations : undefined;
  if (m.deletionTimestamp || kept)
    return {
      name: m.name,
      namespace,
      uid: m.uid,
      ...(m.deletionTimestamp ? { deletionTimestamp: m.deletionTimestamp } : {}),
      ...(kept ? { annotations: kept } : {}),
      ...(ownerReferences ? { ownerReferences } : {}),
    };
  return ownerReferences ? { name: m.name, namespace, uid: m.uid, ownerReferences } : { name: m.name, namespace, uid: m.uid };
}

function keptSpec(spec: NonNullable<WirePod["spec"]>): PodSpec {
  const nodeName = sharedName(spec.nodeName);
  const priorityClassName = sharedName(spec.priorityClassName);
  const containers = intern((spec.containers ?? []).map(trimContainer));
  const rare = spec.initContainers || spec.overhead || spec.resources;
  if (!rare && spec.volumes && spec.tolerations) {
    const volumes = intern(spec.volumes.map(trimVolume));
    const tolerations = intern(spec.tolerations);
    return { nodeName, priority: spec.priority, priorityClassName, containers, volumes, tolerations };
  }
  if (!rare && !spec.volumes && spec.tolerations)
    return { nodeName, priority: spec.priority, priorityClassName, containers, tolerations: intern(spec.tolerations) };
  return {
    nodeName,
    priority: spec.priority,
    priorityClassName,
    containers,
    ...(spec.initContainers ? { initContainers: intern(spec.initContainers.map(trimContainer)) } : {}),
    ...(spec.overhead ? { overhead: intern(spec.overhead) } : {}),
    ...(spec.resources ? { resources: intern(spec.resources) } : {}),
    ...(spec.volumes ? { volumes: intern(spec.volumes.map(trimVolume)) } : {}),
    // most pods carry the same two default tolerations: one shared copy (taint-eviction.ts reads them)
    ...(spec.tolerations ? { tolerations: intern(spec.tolerations) } : {}),
  };
}

// Most pods' kept status is one of a handful of values ({phase: "Running", qosClass: "Burstable"}):
// those share one frozen copy. Pods with a reason, a DisruptionTarget or an OOM kill get their own.
function trimPodStatus(
  st: NonNullable<WirePod["status"]>,
  disruption: PodCondition[] | undefined,
  oom: WireContainerStatus[] | undefined,
): TrimmedPod["status"] {
  const out: TrimmedPod["status"] = pick(st, ["phase", "qosClass", "reason", "message"])!;
  if (disruption?.length)
    out.conditions = disruption.map((c) => pick(c, ["type", "status", "reason", "message", "lastTransitionTime"])!);
  if (oom?.length) out.containerStatuses = oom.map(trimContainerStatus);
  // Mid in-place resize: the engine computes oom_score_adj from the allocated requests (lib/eviction/pods/allocated.ts).
  if (disruption?.some((c) => RESIZE_CONDITIONS.has(c.type))) {
    const alloc = st.containerStatuses?.map((cs) => ({
      ...out.containerStatuses?.find((o) => o.name === cs.name),
      ...pick(cs, ["name", "allocatedResources", "resources"])!,
    }));
    if (alloc?.length) out.containerStatuses = alloc;
  }
  return out.reason === undefined && out.message === undefined && !out.conditions && !out.containerStatuses ? intern(out) : out;
}

export interface TrimmedLease {
  name: string;
  holderIdentity: string | null;
  renewTime: string | null;
  leaseDurationSeconds: number | null;
}

/** Keeps a node Lease's holder, renew time and duration. */
export function trimLease(l: WireLease): TrimmedLease {
  const s = l.spec ?? {};
  return {
    name: l.metadata?.name ?? "",
    holderIdentity: s.holderIdentity ?? null,
    renewTime: s.renewTime ?? null,
    leaseDurationSeconds: s.leaseDurationSeconds ?? null,
  };
}

/** Event reasons about evictions and node pressure that Headroom keeps. */
const EVENT_REASONS = new Set([
  "Evicted",
  "EvictionThresholdMet",
  "Preempted",
  "Preempting",
  "OOMKilling",
  "SystemOOM",
  "TaintManagerEviction",
  "NodeHasInsufficientMemory",
  "NodeHasSufficientMemory",
  "NodeHasDiskPressure",
  "NodeHasNoDiskPressure",
  "NodeHasInsufficientPID",
  "NodeHasSufficientPID",
  "NodeReady",
  "NodeNotReady",
  "FreeDiskSpaceFailed",
  "ImageGCFailed",
]);

export interface TrimmedEvent {
  reason: string;
  message: string;
  type: string;
  kind: string;
  namespace: string;
  name: string;
  /** The node the event is about or was reported from (source.host), when known. */
  node: string | null;
  time: string | null;
  count: number;
}

/** Keeps a relevant core/v1 Event; null for the rest. */
export function trimEvent(e: WireEvent): TrimmedEvent | null {
  // every Event about a Node is kept too: the node page lists them as `kubectl describe node` does
  if (e.reason === undefined || (!EVENT_REASONS.has(e.reason) && e.involvedObject?.kind !== "Node")) return null;
  const io = e.involvedObject ?? {};
  return {
    reason: e.reason,
    message: String(e.message ?? ""),
    type: e.type ?? "",
    kind: io.kind ?? "",
    namespace: io.namespace ?? "",
    name: io.name ?? "",
    node: io.kind === "Node" ? (io.name ?? null) : (e.source?.host ?? null),
    time: e.lastTimestamp ?? e.eventTime ?? e.firstTimestamp ?? e.metadata?.creationTimestamp ?? null,
    count: e.count ?? 1,
  };
}

const fs = (f: FsStats | undefined): FsStats | undefined =>
  pick(f, ["time", "availableBytes", "capacityBytes", "usedBytes", "inodesFree", "inodes", "inodesUsed"]);
const mem = (m: MemoryStats | undefined): MemoryStats | undefined =>
  pick(m, ["time", "availableBytes", "usageBytes", "workingSetBytes"]);

/** A Summary as the collector keeps it: the engine's fields plus node cpu (for the overview). */
export interface TrimmedSummary extends Summary {
  node: NodeStats & { cpu?: { time?: string; usageNanoCores?: number } };
  pods: PodStats[];
}

/** Keeps the Summary fields the engine observes (node memory/fs/rlimit, per-pod usage); `podPsiAsSent`: see keepPodPressure. */
export function trimSummary(s: WireSummary, { podPsiAsSent = false } = {}): TrimmedSummary {
  const n = s.node ?? {};
  const trimmed = {
    node: {
      nodeName: n.nodeName,
      memory: mem(n.memory),
      fs: fs(n.fs),
      rlimit: n.rlimit,
      ...(n.cpu ? { cpu: pick(n.cpu, ["time", "usageNanoCores"]) } : {}),
      ...(n.runtime ? { runtime: { imageFs: fs(n.runtime.imageFs), containerFs: fs(n.runtime.containerFs) } } : {}),
      ...(n.systemContainers
        ? {
            systemContainers: n.systemContainers
              .filter((c) => c.name === "pods")
              .map((c) => ({ name: c.name, memory: mem(c.memory) })),
          }
        : {}),
    },
    pods: (s.pods ?? []).map((p) => ({
      podRef: p.podRef,
      containers: (p.containers ?? []).map((c) => ({
        name: c.name,
        memory: pick(c.memory, ["workingSetBytes", "rssBytes"]),
        rootfs: pick(c.rootfs, ["usedBytes", "inodesUsed"]),
        logs: pick(c.logs, ["usedBytes", "inodesUsed"]),
      })),
      memory: pick(p.memory, ["workingSetBytes"]),
      ...(p.volume ? { volume: p.volume.map((v) => ({ name: v.name, usedBytes: v.usedBytes, inodesUsed: v.inodesUsed })) } : {}),
      ...(p["ephemeral-storage"] ? { "ephemeral-storage": pick(p["ephemeral-storage"], ["usedBytes", "inodesUsed"]) } : {}),
      ...(p.process_stats ? { process_stats: p.process_stats } : {}),
    })),
  };
  keepNodePressure(trimmed.node, n as RawStats);
  (s.pods ?? []).forEach((p, i) => keepPodPressure(trimmed.pods[i]!, p as RawStats, podPsiAsSent));
  return trimmed;
}
