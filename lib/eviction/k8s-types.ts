// The slices of Kubernetes and kubelet JSON the engine reads. They mirror the wire format
// (what `kubectl get -o json` and the kubelet's Summary API serve) but are owned here, so the
// engine never depends on @kubernetes/client-node's generated models.
import type { TaintLike, Toleration } from "./node/taint-eviction";
import type { PressureStats, PsiStats } from "./pressure-types";

export type ResourceList = Record<string, string | number | undefined>;

export interface ObjectMeta {
  name?: string;
  namespace?: string;
  uid?: string;
  annotations?: Record<string, string>;
  labels?: Record<string, string>;
  ownerReferences?: Array<{ kind?: string; name?: string }>;
}

export interface ResourceRequirements {
  requests?: ResourceList;
  limits?: ResourceList;
}

export interface Container {
  name: string;
  resources?: ResourceRequirements;
  /** "Always" marks an init container as a sidecar (restartable init container). */
  restartPolicy?: string;
}

export interface Volume {
  name: string;
  hostPath?: unknown;
  emptyDir?: { medium?: string; sizeLimit?: string };
  configMap?: unknown;
  gitRepo?: unknown;
  [key: string]: unknown;
}

export interface PodSpec {
  nodeName?: string;
  priority?: number;
  priorityClassName?: string;
  containers?: Container[];
  initContainers?: Container[];
  overhead?: ResourceList;
  /** Pod-level resources (feature gate PodLevelResources). */
  resources?: ResourceRequirements;
  volumes?: Volume[];
  terminationGracePeriodSeconds?: number;
  /** Read by the taint eviction rule (taint-eviction.ts), not by the kubelet's. */
  tolerations?: Toleration[];
}

/** A container's status slice read for in-place resize (KEP-1287): what the kubelet allocated and what runs. */
export interface ContainerStatus {
  name: string;
  /** Requests the kubelet has admitted (allocated) for the container; differs from spec while a resize is pending. */
  allocatedResources?: ResourceList;
  /** Requests and limits actually configured on the running container. */
  resources?: ResourceRequirements;
}

export interface PodCondition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
}

export interface PodStatus {
  phase?: string;
  qosClass?: string;
  reason?: string;
  message?: string;
  conditions?: PodCondition[];
  containerStatuses?: ContainerStatus[];
  initContainerStatuses?: ContainerStatus[];
}

export interface Pod {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec?: PodSpec;
  status?: PodStatus;
}

export interface NodeCondition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
  lastHeartbeatTime?: string;
  lastTransitionTime?: string;
}

export interface Node {
  metadata?: ObjectMeta;
  /** Taints are read by the taint eviction rule (taint-eviction.ts) and the node page, not by the kubelet's rules. */
  spec?: { unschedulable?: boolean; taints?: TaintLike[] };
  status?: {
    capacity?: ResourceList;
    allocatable?: ResourceList;
    conditions?: NodeCondition[];
  };
}

// ---- kubelet Summary API (stats/summary), k8s.io/kubelet/pkg/apis/stats/v1alpha1 ----

export interface FsStats {
  time?: string;
  availableBytes?: number;
  capacityBytes?: number;
  usedBytes?: number;
  inodesFree?: number;
  inodes?: number;
  inodesUsed?: number;
}

export interface MemoryStats {
  time?: string;
  availableBytes?: number;
  usageBytes?: number;
  workingSetBytes?: number;
  rssBytes?: number;
  psi?: PsiStats;
}

export interface ContainerStats extends PressureStats {
  name: string;
  memory?: MemoryStats;
  rootfs?: FsStats;
  logs?: FsStats;
}

export interface VolumeStats extends FsStats {
  name: string;
}

export interface PodStats extends PressureStats {
  podRef: { name: string; namespace: string; uid: string };
  containers?: ContainerStats[];
  memory?: MemoryStats;
  volume?: VolumeStats[];
  "ephemeral-storage"?: FsStats;
  process_stats?: { process_count?: number };
}

export interface NodeStats extends PressureStats {
  nodeName?: string;
  systemContainers?: Array<{ name: string; memory?: MemoryStats }>;
  memory?: MemoryStats;
  fs?: FsStats;
  runtime?: { imageFs?: FsStats; containerFs?: FsStats };
  rlimit?: { time?: string; maxpid?: number; curproc?: number };
}

export interface Summary {
  node?: NodeStats;
  pods?: PodStats[];
}
