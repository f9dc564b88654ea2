// The shapes Kubernetes objects and kubelet answers have on the wire, as far as Headroom reads
// them. They are what `getJson<T>` (http.ts) and a watch hand over: JSON.parse output given a
// type, not checked field by field. So every field is optional and the readers (trim.ts) take
// each as possibly absent; a value of the wrong JSON type is caught downstream, where the engine
// validates its input and names the field (lib/eviction/validate-*.ts). The trimmed, cached
// shapes the rest of the data layer reads are in trim.ts.
import type {
  NodeCondition,
  NodeStats,
  PodCondition,
  PodStats,
  ResourceList,
  ResourceRequirements,
  Toleration,
  Volume,
} from "@/lib/eviction";

import { K8sError } from "../io/errors";

export interface WireMeta {
  name?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: Array<{ kind?: string; name?: string; uid?: string; controller?: boolean }>;
}

export interface Taint {
  key: string;
  value?: string;
  effect: string;
  timeAdded?: string;
}

export interface NodeAddress {
  type?: string;
  address?: string;
}

export interface NodeInfo {
  kubeletVersion?: string;
  osImage?: string;
  kernelVersion?: string;
  containerRuntimeVersion?: string;
  architecture?: string;
}

/** An entry of node.status.images. */
export interface ContainerImage {
  names?: string[];
  sizeBytes?: number;
}

export interface WireNode {
  metadata?: WireMeta;
  spec?: { unschedulable?: boolean; taints?: Taint[] };
  status?: {
    capacity?: ResourceList;
    allocatable?: ResourceList;
    conditions?: NodeCondition[];
    addresses?: NodeAddress[];
    daemonEndpoints?: { kubeletEndpoint?: { Port?: number } };
    images?: ContainerImage[];
    nodeInfo?: NodeInfo & Record<string, unknown>;
  };
}

export interface WireContainer {
  name: string;
  image?: string;
  resources?: ResourceRequirements;
  restartPolicy?: string;
}

/** A volume: its name and one source field (hostPath, emptyDir, configMap, …) as the engine's type has it. */
export type WireVolume = Volume;

/** The engine's pod condition: the API server sends the same shape. */
export type { PodCondition };

export interface TerminatedState {
  reason?: string;
  exitCode?: number;
  finishedAt?: string;
}

export interface WireContainerStatus {
  name: string;
  restartCount?: number;
  state?: { terminated?: TerminatedState };
  lastState?: { terminated?: TerminatedState };
  /** Mid in-place resize: what the kubelet admitted and what the running container has (KEP-1287). */
  allocatedResources?: ResourceList;
  resources?: ResourceRequirements;
}

export interface WirePod {
  metadata?: WireMeta;
  spec?: {
    nodeName?: string;
    priority?: number;
    priorityClassName?: string;
    containers?: WireContainer[];
    initContainers?: WireContainer[];
    overhead?: ResourceList;
    resources?: ResourceRequirements;
    volumes?: WireVolume[];
    tolerations?: Toleration[];
  };
  status?: {
    phase?: string;
    qosClass?: string;
    reason?: string;
    message?: string;
    conditions?: PodCondition[];
    containerStatuses?: WireContainerStatus[];
  };
}

export interface WireLease {
  metadata?: WireMeta;
  spec?: { holderIdentity?: string; renewTime?: string; leaseDurationSeconds?: number };
}

export interface WireEvent {
  metadata?: WireMeta;
  reason?: string;
  message?: string;
  type?: string;
  involvedObject?: { kind?: string; namespace?: string; name?: string };
  source?: { host?: string };
  lastTimestamp?: string;
  eventTime?: string;
  firstTimestamp?: string;
  count?: number;
}

/** Node stats as the kubelet serves them: the engine's slice plus what the overview reads (cpu). */
interface WireNodeStats extends NodeStats {
  cpu?: { time?: string; usageNanoCores?: number };
}

export interface WireSummary {
  node?: WireNodeStats;
  pods?: PodStats[];
}

/** A page of a list call. */
export interface WireList<T> {
  items?: T[];
  metadata?: { resourceVersion?: string; continue?: string };
}

/**
 * The one place where untyped JSON becomes a wire type: a JSON object (not null, not an array, not
 * a scalar) is taken as `T`, anything else is a "bad data" K8sError naming what it should have
 * been. Fields are not checked one by one (see the top of this file for why that is safe).
 */
export function decodeWire<T extends object>(json: unknown, what: string, resource = what): T {
  if (json === null || typeof json !== "object" || Array.isArray(json)) {
    throw new K8sError(`bad data: ${what} is not a JSON object`, 0, resource, "bad-data");
  }
  return json as T;
}

/**
 * A page of a list call through the same doorway: the page, its `items` (an array when present) and
 * every item must be JSON objects, so a list page can never hand the store a null, a string or an array.
 */
export function decodeWireList<T extends object>(json: unknown, what: string, resource = what): WireList<T> {
  const page = decodeWire<{ items?: unknown; metadata?: unknown }>(json, `${what} list`, resource);
  if (page.metadata != null) decodeWire(page.metadata, `${what} list metadata`, resource);
  if (page.items == null) return page as WireList<T>;
  if (!Array.isArray(page.items)) throw new K8sError(`bad data: ${what} list items is not an array`, 0, resource, "bad-data");
  for (let i = 0; i < page.items.length; i++) decodeWire(page.items[i], `${what} list item ${i}`, resource);
  return page as WireList<T>;
}
