import type { FilesystemLayout } from "../observe";
import type { Signal } from "../signals";
import { byBool, orderedBy, type Comparator } from "./compare";
import type { DiskUsage, PodFacts } from "./pod-facts";
import { rankOrder, type FsPart } from "./rank-order";

/** One pod as a rank function sees it for one signal. */
export interface RankEntry {
  facts: PodFacts;
  /** Usage of the signal's resource: bytes, inodes or processes. */
  usage: number;
  /** The request "exceeds request" compares against (for inode signals: the never-set `inodes` request). */
  request: number;
  exceedsRequest: boolean;
  /** usage − request as the last comparator sees it (disk: always minus the ephemeral-storage request). */
  aboveRequest: number;
}

// Pods without stats go first in every stats-based comparator ("prioritize evicting the pod for
// which no stats were found"); two such pods tie.
const noStatsFirst: Comparator<RankEntry> = (a, b) => byBool(!a.facts.hasStats, !b.facts.hasStats);

/** Puts pods whose usage exceeds their request first (kubelet exceedMemoryRequests / exceedDiskRequests). */
export const exceedsRequest: Comparator<RankEntry> = (a, b) =>
  noStatsFirst(a, b) || (a.facts.hasStats && b.facts.hasStats ? byBool(a.exceedsRequest, b.exceedsRequest) : 0);

/** Puts lower `spec.priority` first (nil = 0). */
export const priority: Comparator<RankEntry> = (a, b) => Math.sign(a.facts.priority - b.facts.priority);

/** Puts the larger usage − request first (kubelet memory / disk comparators). */
export const usageAboveRequest: Comparator<RankEntry> = (a, b) =>
  noStatsFirst(a, b) || (a.facts.hasStats && b.facts.hasStats ? Math.sign(b.aboveRequest - a.aboveRequest) : 0);

/** Puts the larger process count first (kubelet `process`). */
export const processCount: Comparator<RankEntry> = (a, b) =>
  noStatsFirst(a, b) || (a.facts.hasStats && b.facts.hasStats ? Math.sign(b.usage - a.usage) : 0);

// memory: pods over their memory request first, then lower priority, then larger usage above request.
export const rankMemoryPressure = orderedBy(exceedsRequest, priority, usageAboveRequest);
// disk: pods over their storage request first, then lower priority, then larger usage above request.
export const rankDiskPressure = orderedBy(exceedsRequest, priority, usageAboveRequest);
// pids: lower priority first, then more processes.
export const rankPidPressure = orderedBy(priority, processCount);

// Shared and frozen: a rank entry is built per pod and signal, so the lists are not rebuilt each time.
const ALL_PARTS: readonly FsPart[] = Object.freeze(["rootfs", "logs", "localVolumes"]);
const NODEFS_PARTS: readonly FsPart[] = Object.freeze(["logs", "localVolumes"]);
const IMAGEFS_PARTS: readonly FsPart[] = Object.freeze(["rootfs"]);
const NO_PARTS: readonly FsPart[] = Object.freeze([]);
const SPLIT_PARTS: readonly FsPart[] = Object.freeze(["logs", "localVolumes", "rootfs"]);

/** Names what disk usage a signal's rank function measures for a filesystem layout (kubelet buildSignalToRankFunc). */
export function diskPartsFor(signal: Signal, layout: FilesystemLayout): readonly FsPart[] {
  if (!layout.dedicatedImageFs) return ALL_PARTS;
  const fs = signal.slice(0, signal.indexOf("."));
  if (!layout.splitContainerFs) {
    // containers write to the imagefs: nodefs holds logs and volumes, imagefs the writable layers
    return fs === "nodefs" ? NODEFS_PARTS : IMAGEFS_PARTS;
  }
  // imagefs holds images only, so nothing a pod uses is measured there
  if (fs === "imagefs") return NO_PARTS;
  return SPLIT_PARTS;
}

function sumParts(f: PodFacts, parts: readonly FsPart[], key: keyof DiskUsage): number {
  let total = 0;
  for (const p of parts) total += f[p][key];
  return total;
}

/** Builds the rank entry of one pod for one signal. */
export function rankEntry(f: PodFacts, signal: Signal, layout: FilesystemLayout): RankEntry {
  return entryFor(f, signal, diskPartsFor(signal, layout));
}

// rankEntry with the signal's disk parts resolved once per ranking instead of once per pod.
function entryFor(f: PodFacts, signal: Signal, parts: readonly FsPart[]): RankEntry {
  if (signal === "memory.available" || signal === "allocatableMemory.available") {
    const usage = f.memoryUsage;
    return {
      facts: f,
      usage,
      request: f.memoryRequest,
      exceedsRequest: usage > f.memoryRequest,
      aboveRequest: usage - f.memoryRequest,
    };
  }
  if (signal === "pid.available") {
    return { facts: f, usage: f.processCount, request: 0, exceedsRequest: false, aboveRequest: f.processCount };
  }
  const inodes = signal.endsWith(".inodesFree");
  const usage = sumParts(f, parts, inodes ? "inodes" : "bytes");
  const request = inodes ? f.inodesRequest : f.ephemeralRequest;
  return { facts: f, usage, request, exceedsRequest: usage > request, aboveRequest: usage - f.ephemeralRequest };
}

/** Returns the rank function the kubelet uses for a signal. */
export function rankFunctionFor(signal: Signal): Comparator<RankEntry> {
  if (signal === "pid.available") return rankPidPressure;
  if (signal === "memory.available" || signal === "allocatableMemory.available") return rankMemoryPressure;
  return rankDiskPressure;
}

/** Ranks pods for a signal, most likely to be evicted first (in the order of rankFunctionFor, sorted on keys: rank-order.ts). */
export function rankPods(facts: readonly PodFacts[], signal: Signal, layout: FilesystemLayout): RankEntry[] {
  const parts = diskPartsFor(signal, layout);
  const { size, order } = rankOrder(facts, signal, parts);
  const entries = new Array<RankEntry>(size);
  for (let i = 0; i < size; i++) entries[i] = entryFor(facts[order[i]!]!, signal, parts);
  return entries;
}
