// Builders for engine tests, after the kubelet's helpers_test.go (newPod, newContainer, newVolume,
// newPodMemoryStats, newPodDiskStats, newPodInodeStats, newPodProcessStats). Test-only, but free of
// vitest so any test (or a fixture script) can import it.
import { defaultEvictionConfig, type EvictionConfig, type Threshold, type ThresholdValue } from "./config/thresholds";
import type { Container, FsStats, Pod, PodStats, ResourceList, ResourceRequirements, Summary, Volume } from "./k8s-types";
import type { FilesystemLayout, Observation } from "./observe";
import { podFacts, statsByUid, type PodFacts } from "./pods/pod-facts";
import { DEFAULT_FEATURE_GATES, type FeatureGates } from "./pods/pod-resources";
import { rankEntry, type RankEntry } from "./pods/rank";
import { parseBytes } from "./quantities/quantity";
import type { Signal } from "./signals";

export const Mi = 2 ** 20;
export const Gi = 2 ** 30;

/** A byte count as a number or a quantity string ("100Mi"). */
export type Amount = number | string;

const bytes = (a: Amount | undefined): number | undefined => (a == null ? undefined : parseBytes(a));

// ---- pods ----

export interface PodOptions {
  name: string;
  /** Defaults to the name, like the kubelet's newPod. */
  uid?: string;
  namespace?: string;
  /** Omitted → no spec.priority (ranks as 0). */
  priority?: number;
  priorityClassName?: string;
  /** Requests of the one container named after the pod (ignored when `containers` is given). */
  requests?: ResourceList;
  limits?: ResourceList;
  containers?: Container[];
  initContainers?: Container[];
  /** Pod-level `spec.resources` (feature gate PodLevelResources). */
  podResources?: { requests?: ResourceList; limits?: ResourceList };
  overhead?: ResourceList;
  volumes?: Volume[];
  annotations?: Record<string, string>;
  phase?: string;
}

/** Builds a pod; with no `containers` it has one container named after the pod. */
export function pod(o: PodOptions): Pod {
  return {
    metadata: {
      name: o.name,
      uid: o.uid ?? o.name,
      ...(o.namespace != null && { namespace: o.namespace }),
      ...(o.annotations && { annotations: o.annotations }),
    },
    spec: {
      containers: o.containers ?? [container(o.name, o.requests, o.limits)],
      ...(o.initContainers && { initContainers: o.initContainers }),
      ...(o.priority != null && { priority: o.priority }),
      ...(o.priorityClassName != null && { priorityClassName: o.priorityClassName }),
      ...(o.podResources && { resources: o.podResources }),
      ...(o.overhead && { overhead: o.overhead }),
      ...(o.volumes && { volumes: o.volumes }),
    },
    ...(o.phase != null && { status: { phase: o.phase } }),
  };
}

/** Builds a container; empty or missing lists are left out. */
export function container(name: string, requests?: ResourceList, limits?: ResourceList, restartPolicy?: string): Container {
  const resources = {
    ...(requests && Object.keys(requests).length > 0 && { requests }),
    ...(limits && Object.keys(limits).length > 0 && { limits }),
  };
  return { name, ...(Object.keys(resources).length > 0 && { resources }), ...(restartPolicy != null && { restartPolicy }) };
}

/** Builds an emptyDir volume; medium "" or omitted is the disk-backed default. */
export function emptyDir(name: string, medium?: string): Volume {
  return { name, emptyDir: medium == null ? {} : { medium } };
}

/** Builds a volume of another source kind (hostPath, configMap, gitRepo, secret, downwardAPI, ...). */
export function volume(name: string, source: string): Volume {
  return { name, [source]: {} };
}

// ---- pod stats ----

export interface PodStatsOptions {
  /** Pod-level memory.workingSetBytes. */
  workingSet?: Amount;
  /** Per container: rootfs.usedBytes and logs.usedBytes. */
  rootfs?: Amount;
  logs?: Amount;
  /** Per volume in the pod spec (local or not: the engine must pick the local ones). */
  perVolume?: Amount;
  rootfsInodes?: number;
  logsInodes?: number;
  perVolumeInodes?: number;
  processes?: number;
}

function fs(used: Amount | undefined, inodes: number | undefined): FsStats | undefined {
  if (used == null && inodes == null) return undefined;
  return { ...(used != null && { usedBytes: bytes(used) }), ...(inodes != null && { inodesUsed: inodes }) };
}

/** Builds the Summary stats of a pod (keyed by its UID); only the given fields are set. */
export function podStats(p: Pod, o: PodStatsOptions = {}): PodStats {
  const meta = p.metadata ?? {};
  const rootfs = fs(o.rootfs, o.rootfsInodes);
  const logs = fs(o.logs, o.logsInodes);
  const vol = fs(o.perVolume, o.perVolumeInodes);
  const out: PodStats = { podRef: { name: meta.name ?? "", namespace: meta.namespace ?? "", uid: meta.uid ?? "" } };
  if (rootfs || logs) {
    out.containers = (p.spec?.containers ?? []).map((c) => ({ name: c.name, ...(rootfs && { rootfs }), ...(logs && { logs }) }));
  }
  if (vol) out.volume = (p.spec?.volumes ?? []).map((v) => ({ name: v.name, ...vol }));
  if (o.workingSet != null) out.memory = { workingSetBytes: bytes(o.workingSet) };
  if (o.processes != null) out.process_stats = { process_count: o.processes };
  return out;
}

// ---- node summary ----

interface FsOptions {
  available?: Amount;
  capacity?: Amount;
  inodesFree?: number;
  inodes?: number;
  time?: string;
}

export interface SummaryOptions {
  memory?: { available?: Amount; workingSet?: Amount; time?: string };
  /** The `pods` system container (kubepods cgroup), the source of allocatableMemory.available. */
  podsMemory?: { available?: Amount; workingSet?: Amount; time?: string };
  nodeFs?: FsOptions;
  imageFs?: FsOptions;
  containerFs?: FsOptions;
  rlimit?: { maxpid?: number; curproc?: number; time?: string };
  pods?: PodStats[];
}

function fsStats(o: FsOptions | undefined): FsStats | undefined {
  if (!o) return undefined;
  return {
    ...(o.time != null && { time: o.time }),
    ...(o.available != null && { availableBytes: bytes(o.available) }),
    ...(o.capacity != null && { capacityBytes: bytes(o.capacity) }),
    ...(o.inodesFree != null && { inodesFree: o.inodesFree }),
    ...(o.inodes != null && { inodes: o.inodes }),
  };
}

function memory(o: { available?: Amount; workingSet?: Amount; time?: string }) {
  return {
    ...(o.time != null && { time: o.time }),
    ...(o.available != null && { availableBytes: bytes(o.available) }),
    ...(o.workingSet != null && { workingSetBytes: bytes(o.workingSet) }),
  };
}

/** Builds a kubelet Summary; only the given sections are present. */
export function summary(o: SummaryOptions = {}): Summary {
  const imageFs = fsStats(o.imageFs);
  const containerFs = fsStats(o.containerFs);
  return {
    node: {
      ...(o.memory && { memory: memory(o.memory) }),
      ...(o.podsMemory && { systemContainers: [{ name: "pods", memory: memory(o.podsMemory) }] }),
      ...(o.nodeFs && { fs: fsStats(o.nodeFs) }),
      ...((imageFs || containerFs) && { runtime: { ...(imageFs && { imageFs }), ...(containerFs && { containerFs }) } }),
      ...(o.rlimit && { rlimit: o.rlimit }),
    },
    pods: o.pods ?? [],
  };
}

// ---- ranking ----

/** The three filesystem layouts of spec §8.4. */
export const LAYOUTS = {
  singleFs: { dedicatedImageFs: false, splitContainerFs: false },
  imageFs: { dedicatedImageFs: true, splitContainerFs: false },
  splitContainerFs: { dedicatedImageFs: true, splitContainerFs: true },
} as const satisfies Record<string, FilesystemLayout>;

/** Resolves pod facts the way analyze does: stats looked up by UID; pods without an entry have none. */
export function factsFor(
  pods: readonly Pod[],
  stats: readonly PodStats[],
  gates: FeatureGates = DEFAULT_FEATURE_GATES,
): PodFacts[] {
  const byUid = statsByUid({ pods: [...stats] });
  return pods.map((p) => podFacts(p, byUid.get(p.metadata?.uid ?? ""), gates));
}

/** Builds one rank entry per pod for a signal, in input order (for testing a single comparator). */
export function entriesFor(
  pods: readonly Pod[],
  stats: readonly PodStats[],
  signal: Signal,
  layout: FilesystemLayout = LAYOUTS.singleFs,
  gates: FeatureGates = DEFAULT_FEATURE_GATES,
): RankEntry[] {
  return factsFor(pods, stats, gates).map((f) => rankEntry(f, signal, layout));
}

/** Lists the pod names of ranked entries, first evicted first. */
export function names(entries: readonly { facts: { name: string } }[]): string[] {
  return entries.map((e) => e.facts.name);
}

// ---- thresholds and observations ----

/** An absolute threshold value. */
function quantity(q: Amount): ThresholdValue {
  return { quantity: parseBytes(q) };
}

/** A percentage threshold value, stored as the float32 fraction the kubelet parses (0.2 → 0.20000000298…). */
/** The kubelet's default eviction configuration without its hard thresholds, with `over` applied. */
export function evictionConfig(over: Partial<EvictionConfig> = {}): EvictionConfig {
  return { ...defaultEvictionConfig(), evictionHard: {}, ...over };
}

export function percent(fraction: number): ThresholdValue {
  return { percentage: Math.fround(fraction) };
}

export interface ThresholdOptions {
  minReclaim?: ThresholdValue | Amount;
  gracePeriodSeconds?: number;
}

const toValue = (v: ThresholdValue | Amount): ThresholdValue => (typeof v === "object" ? v : quantity(v));

/** Builds a threshold; a grace period > 0 makes it soft. `null` is the never-met containerfs placeholder. */
export function threshold(signal: Signal, value: ThresholdValue | Amount | null, o: ThresholdOptions = {}): Threshold {
  const grace = o.gracePeriodSeconds ?? 0;
  return {
    signal,
    kind: grace > 0 ? "soft" : "hard",
    value: value == null ? null : toValue(value),
    gracePeriodSeconds: grace,
    minReclaim: o.minReclaim == null ? null : toValue(o.minReclaim),
  };
}

/** Builds an observation; capacity defaults to `available` (only % thresholds read it). */
export function observation(available: Amount, capacity: Amount = available, time: string | null = null): Observation {
  return { available: parseBytes(available), capacity: parseBytes(capacity), time };
}

// Ports of component-helpers' and the kubelet's spec-only builders (helpers_test.go getPod,
// qos_test.go getResourceList): a pod is just a spec, a container just its resources.

/** `{cpu: q}`. */
export function cpuOnly(q: string): ResourceList {
  return { cpu: q };
}

/** getResourceList(cpu, memory): a missing or "" quantity is not set. */
export function cpuMemory(cpu?: string, memory?: string): ResourceList {
  return { ...(cpu !== undefined && cpu !== "" && { cpu }), ...(memory !== undefined && memory !== "" && { memory }) };
}

/** A container with exactly these requirements (a `sidecar` is a restartable init container). */
export function specContainer(name: string, requests?: ResourceList, limits?: ResourceList, sidecar = false): Container {
  return { name, resources: { requests, limits }, ...(sidecar && { restartPolicy: "Always" }) };
}

/** A pod that is only a spec: these containers and init containers, plus any other spec fields. */
export function specPod(containers: Container[], initContainers: Container[] = [], extra: Pod["spec"] = {}): Pod {
  return { spec: { containers, initContainers, ...extra } };
}

/** Requests, limits and overhead in helpers_test.go's getPod terms. */
export interface GetPodResources {
  cpuRequest?: string;
  cpuLimit?: string;
  memoryRequest?: string;
  memoryLimit?: string;
  cpuOverhead?: string;
  memoryOverhead?: string;
}

/** helpers_test.go getPod: the same resources on one container and one ordinary init container; `podLevel` sets pod-level resources. */
export function getPod(r: GetPodResources, podLevel?: GetPodResources): Pod {
  const res: ResourceRequirements = {
    requests: cpuMemory(r.cpuRequest, r.memoryRequest),
    limits: cpuMemory(r.cpuLimit, r.memoryLimit),
  };
  return {
    spec: {
      containers: [{ name: "test-container", resources: res }],
      initContainers: [{ name: "init-test-container", resources: res }],
      overhead: cpuMemory(r.cpuOverhead, r.memoryOverhead),
      ...(podLevel && {
        resources: {
          requests: cpuMemory(podLevel.cpuRequest, podLevel.memoryRequest),
          limits: cpuMemory(podLevel.cpuLimit, podLevel.memoryLimit),
        },
      }),
    },
  };
}
