import type { ContainerStats, FsStats, Pod, PodStats, Summary, Volume } from "../k8s-types";
import { isCriticalPod } from "./critical";
import { hasPodLevelResources, podRequestOf, type FeatureGates } from "./pod-resources";

export interface DiskUsage {
  bytes: number;
  inodes: number;
}

/** Everything the rank functions read about one pod, resolved once (requests, usage, priority). */
export interface PodFacts {
  pod: Pod;
  uid: string;
  name: string;
  namespace: string;
  priority: number;
  critical: boolean;
  /** False when the Summary has no entry for the pod's UID: the kubelet ranks such pods first. */
  hasStats: boolean;
  memoryUsage: number;
  memoryRequest: number;
  ephemeralRequest: number;
  inodesRequest: number;
  processCount: number;
  rootfs: DiskUsage;
  logs: DiskUsage;
  localVolumes: DiskUsage;
}

const ZERO: DiskUsage = { bytes: 0, inodes: 0 };

function addFs(acc: DiskUsage, fs: FsStats | undefined): void {
  acc.bytes += fs?.usedBytes ?? 0;
  acc.inodes += fs?.inodesUsed ?? 0;
}

function sumContainers(containers: ContainerStats[] | undefined, part: "rootfs" | "logs"): DiskUsage {
  const acc = { bytes: 0, inodes: 0 };
  if (containers) for (const c of containers) addFs(acc, c[part]);
  return acc;
}

/** Tells whether the kubelet counts a volume as local ephemeral storage (hostPath, disk emptyDir, configMap, gitRepo). */
function isLocalVolume(v: Volume): boolean {
  const diskEmptyDir = v.emptyDir != null && !v.emptyDir.medium;
  return v.hostPath != null || diskEmptyDir || v.configMap != null || v.gitRepo != null;
}

/** Lists the pod's volumes the kubelet counts as local ephemeral storage (hostPath, disk emptyDir, configMap, gitRepo). */
export function localVolumeNames(pod: Pod): Set<string> {
  const names = new Set<string>();
  for (const v of pod.spec?.volumes ?? []) if (isLocalVolume(v)) names.add(v.name);
  return names;
}

// A pod has a handful of volumes: a scan per stats entry instead of a Set per pod (this runs for
// every pod of every node). Same answer as localVolumeNames(pod).has(name).
function hasLocalVolume(volumes: Volume[] | undefined, name: string): boolean {
  if (volumes) for (const v of volumes) if (v.name === name && isLocalVolume(v)) return true;
  return false;
}

function sumLocalVolumes(pod: Pod, stats: PodStats): DiskUsage {
  const acc = { bytes: 0, inodes: 0 };
  if (!stats.volume?.length) return acc;
  const volumes = pod.spec?.volumes;
  for (const v of stats.volume) if (hasLocalVolume(volumes, v.name)) addFs(acc, v);
  return acc;
}

/** Indexes Summary pod stats by UID, the only key the kubelet's stats lookup uses. */
export function statsByUid(summary: Summary | undefined): Map<string, PodStats> {
  const map = new Map<string, PodStats>();
  for (const ps of summary?.pods ?? []) if (ps?.podRef?.uid) map.set(ps.podRef.uid, ps);
  return map;
}

/** Resolves one pod's ranking facts from its spec and (optional) Summary stats. */
export function podFacts(pod: Pod, stats: PodStats | undefined, gates: FeatureGates): PodFacts {
  const meta = pod.metadata ?? {};
  const podLevel = gates.PodLevelResources && hasPodLevelResources(pod);
  return {
    pod,
    uid: meta.uid ?? "",
    name: meta.name ?? "",
    namespace: meta.namespace ?? "default",
    priority: pod.spec?.priority ?? 0,
    critical: isCriticalPod(pod),
    hasStats: stats != null,
    memoryUsage: stats?.memory?.workingSetBytes ?? 0,
    memoryRequest: podRequestOf(pod, "memory", podLevel),
    ephemeralRequest: podRequestOf(pod, "ephemeral-storage", podLevel),
    inodesRequest: podRequestOf(pod, "inodes", podLevel),
    processCount: stats?.process_stats?.process_count ?? 0,
    rootfs: stats ? sumContainers(stats.containers, "rootfs") : ZERO,
    logs: stats ? sumContainers(stats.containers, "logs") : ZERO,
    localVolumes: stats ? sumLocalVolumes(pod, stats) : ZERO,
  };
}

/** Tells whether the kubelet still counts the pod as active (not in a terminal phase). */
export function isActivePod(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase !== "Failed" && phase !== "Succeeded";
}
