import type { FsStats, Summary } from "./k8s-types";
import type { Signal } from "./signals";

/** What the kubelet sees for one signal: `available` against the base for % thresholds. */
export interface Observation {
  available: number;
  capacity: number;
  time: string | null;
}

export type Observations = Partial<Record<Signal, Observation>>;

function fsObservation(fs: FsStats | undefined, bytes: boolean): Observation | undefined {
  if (!fs) return undefined;
  const available = bytes ? fs.availableBytes : fs.inodesFree;
  const capacity = bytes ? fs.capacityBytes : fs.inodes;
  // A missing field means no observation: the kubelet skips thresholds on such a signal.
  if (available == null || capacity == null) return undefined;
  return { available, capacity, time: fs.time ?? null };
}

function put(out: Observations, signal: Signal, obs: Observation | undefined): void {
  if (obs) out[signal] = obs;
}

/** Builds the kubelet's observations (makeSignalObservations) for all nine signals of a Summary. */
export function observeSignals(summary: Summary | undefined): Observations {
  const out: Observations = {};
  const node = summary?.node;
  if (!node) return out;
  const mem = node.memory;
  if (mem?.availableBytes != null && mem.workingSetBytes != null) {
    // The % base is available + workingSet of the node stats, not Node.status.capacity.
    out["memory.available"] = {
      available: mem.availableBytes,
      capacity: mem.availableBytes + mem.workingSetBytes,
      time: mem.time ?? null,
    };
  }
  const pods = node.systemContainers?.find((c) => c.name === "pods")?.memory;
  if (pods?.availableBytes != null && pods.workingSetBytes != null) {
    out["allocatableMemory.available"] = {
      available: pods.availableBytes,
      capacity: pods.availableBytes + pods.workingSetBytes,
      time: pods.time ?? null,
    };
  }
  put(out, "nodefs.available", fsObservation(node.fs, true));
  put(out, "nodefs.inodesFree", fsObservation(node.fs, false));
  put(out, "imagefs.available", fsObservation(node.runtime?.imageFs, true));
  put(out, "imagefs.inodesFree", fsObservation(node.runtime?.imageFs, false));
  put(out, "containerfs.available", fsObservation(node.runtime?.containerFs, true));
  put(out, "containerfs.inodesFree", fsObservation(node.runtime?.containerFs, false));
  const rl = node.rlimit;
  if (rl?.maxpid != null && rl.curproc != null) {
    out["pid.available"] = { available: rl.maxpid - rl.curproc, capacity: rl.maxpid, time: rl.time ?? null };
  }
  return out;
}

export interface FilesystemLayout {
  dedicatedImageFs: boolean;
  splitContainerFs: boolean;
}

function sameFs(a: FsStats, b: FsStats): boolean {
  return a.capacityBytes === b.capacityBytes && a.availableBytes === b.availableBytes && a.inodes === b.inodes;
}

/** Infers the filesystem layout: an imageFs (or containerFs) whose sizes equal node.fs (imageFs) is the same filesystem. */
export function inferFilesystemLayout(summary: Summary | undefined): FilesystemLayout {
  const fs = summary?.node?.fs;
  const imageFs = summary?.node?.runtime?.imageFs;
  const containerFs = summary?.node?.runtime?.containerFs;
  const dedicatedImageFs = !!(fs && imageFs && !sameFs(fs, imageFs));
  const splitContainerFs = !!(dedicatedImageFs && imageFs && containerFs && !sameFs(imageFs, containerFs));
  return { dedicatedImageFs, splitContainerFs };
}
