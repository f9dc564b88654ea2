// The kubelet's threshold list (pkg/kubelet/eviction/helpers.go ParseThresholdConfig,
// UpdateContainerFsThresholds, GetThresholdQuantity). Rules: docs/engine-rules.md.
import type { Signal } from "../signals";
import {
  ConfigError,
  DEFAULT_EVICTION_HARD,
  toNamer,
  type EvictionConfig,
  type FieldNamer,
  type Threshold,
  type ThresholdValue,
} from "./config-types";
import { parseGracePeriods, parseMinimumReclaims, parseThresholdStatements } from "./threshold-parse";

export { ConfigError, DEFAULT_EVICTION_HARD, defaultEvictionConfig } from "./config-types";
export type { EvictionConfig, FieldNamer, Threshold, ThresholdValue } from "./config-types";
export { readKubeletConfig } from "./kubelet-config";
export { parseKubeletFlags } from "./kubelet-flags";
export { type EffectiveConfig, effectiveConfig } from "./effective-config";

/** Tells whether the kubelet treats a threshold as hard: its grace period is 0 (a soft one with "0s" counts too). */
function isHardThreshold(t: Threshold): boolean {
  return t.gracePeriodSeconds === 0;
}

/** Tells whether the kubelet spawns allocatableMemory.available copies: enforceNodeAllocatable has "pods" and eviction is not ignored. */
function addsAllocatableThresholds(config: EvictionConfig): boolean {
  return config.enforceNodeAllocatable.includes("pods") && !config.experimentalAllocatableIgnoreEviction;
}

/** Parses evictionHard alone (null → Linux defaults), with no allocatable copies: the list node allocatable reserves for. */
export function parseHardThresholds(config: EvictionConfig, field: string | FieldNamer = "kubeletConfig"): Threshold[] {
  return parseThresholdStatements(config.evictionHard ?? DEFAULT_EVICTION_HARD, "evictionHard", toNamer(field));
}

/**
 * Builds the kubelet's threshold list in the order [hard (map order), soft (map order), allocatable copies].
 *
 * Soft thresholds need a grace period, min-reclaim attaches to every threshold of its signal, and each grace-0
 * memory.available threshold gets an allocatableMemory.available copy when {@link addsAllocatableThresholds}.
 * Errors are ConfigErrors named by `field` (a root such as "kubeletConfig", or effectiveConfig's fieldName).
 */
export function parseThresholds(config: EvictionConfig, field: string | FieldNamer = "kubeletConfig"): Threshold[] {
  const name = toNamer(field);
  const hard = parseThresholdStatements(config.evictionHard ?? DEFAULT_EVICTION_HARD, "evictionHard", name);
  const soft = parseThresholdStatements(config.evictionSoft, "evictionSoft", name);
  const grace = parseGracePeriods(config.evictionSoftGracePeriod, name);
  const minReclaims = parseMinimumReclaims(config.evictionMinimumReclaim, name);
  for (const t of soft) {
    const period = grace.get(t.signal);
    if (period === undefined) {
      throw new ConfigError(
        `${name("evictionSoft", t.signal)}: grace period must be specified for the soft eviction threshold ${t.signal}`,
      );
    }
    t.gracePeriodSeconds = period;
  }
  const results = [...hard, ...soft].map((t) => ({ ...t, minReclaim: minReclaims.get(t.signal) ?? null }));
  if (!addsAllocatableThresholds(config)) return results;
  const copies = results
    .filter((t) => t.signal === "memory.available" && isHardThreshold(t))
    .map((t): Threshold => ({ ...t, signal: "allocatableMemory.available", gracePeriodSeconds: 0 }));
  return [...results, ...copies];
}

type FsSource = "nodefs" | "imagefs";
const CONTAINERFS = { available: "containerfs.available", inodesFree: "containerfs.inodesFree" } as const;

/**
 * Rewrites the containerfs.* thresholds from the filesystem layout, like UpdateContainerFsThresholds.
 *
 * Copied from nodefs.* on a single filesystem or with imagefs + split containerfs, from imagefs.* with a dedicated
 * imagefs, untouched when containerfs is split without imagefs. User containerfs entries are replaced in place, else
 * appended (hard available, soft available, hard inodes, soft inodes); a missing source yields an empty placeholder
 * (value null) that is never met. The input is not modified.
 */
export function deriveContainerFsThresholds(
  thresholds: readonly Threshold[],
  fs: { dedicatedImageFs: boolean; splitContainerFs: boolean },
): Threshold[] {
  const { dedicatedImageFs: imageFs, splitContainerFs: split } = fs;
  if (!imageFs && split) return [...thresholds];
  const from: FsSource = imageFs && !split ? "imagefs" : "nodefs";
  const out = [...thresholds];
  for (const metric of ["available", "inodesFree"] as const) {
    for (const hard of [true, false]) {
      const slot = (s: Signal) => (t: Threshold) => t.signal === s && isHardThreshold(t) === hard;
      // The kubelet keeps the last match while scanning, so do the same.
      const source = thresholds.findLast(slot(`${from}.${metric}`));
      const target = CONTAINERFS[metric];
      const copy: Threshold = {
        signal: target,
        kind: hard ? "hard" : "soft",
        value: source?.value ?? null,
        gracePeriodSeconds: hard ? 0 : (source?.gracePeriodSeconds ?? 0),
        minReclaim: source?.minReclaim ?? null,
      };
      const at = thresholds.findLastIndex(slot(target));
      if (at >= 0) out[at] = copy;
      else out.push(copy);
    }
  }
  return out;
}

/**
 * Resolves a threshold value against a capacity like GetThresholdQuantity: the quantity, or trunc(capacity × pct) in float64.
 * @example resolveThreshold({ percentage: Math.fround(0.05) }, 10 * 2 ** 30) // 536870920
 */
export function resolveThreshold(value: ThresholdValue, capacity: number): number {
  if ("quantity" in value) return value.quantity;
  return Math.trunc(capacity * value.percentage);
}
