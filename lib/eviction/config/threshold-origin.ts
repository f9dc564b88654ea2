// Where each threshold in the kubelet's list came from, per value: the configuration Headroom read
// (configz, or a node-pool profile), the kubelet's built-in default, or derived by the kubelet
// from another threshold (thresholds.ts: allocatableMemory.available copies memory.available's
// hard thresholds; deriveContainerFsThresholds copies nodefs/imagefs into containerfs).
import type { Signal } from "../signals";
import { DEFAULT_EVICTION_HARD } from "./config-types";

export type ThresholdOrigin = "config" | "default" | "derived";

/** The two eviction maps of a kubelet configuration as read (a KubeletConfiguration object), loosely. */
interface ConfigMaps {
  evictionHard?: Record<string, unknown> | null;
  evictionSoft?: Record<string, unknown> | null;
  mergeDefaultEvictionSettings?: boolean;
}

const DERIVED: ReadonlySet<Signal> = new Set(["allocatableMemory.available", "containerfs.available", "containerfs.inodesFree"]);

/**
 * Tells where a threshold's value came from. `config` is the configuration read from the node
 * (null when the kubelet's defaults are all there is). A hard threshold absent from a configured
 * evictionHard is a default only when the kubelet fills defaults in (no evictionHard at all, or
 * mergeDefaultEvictionSettings); containerfs entries the user set are replaced by the kubelet's
 * copies all the same.
 */
export function thresholdOrigin(t: { signal: Signal; kind: "hard" | "soft" }, config: ConfigMaps | null): ThresholdOrigin {
  if (DERIVED.has(t.signal)) return "derived";
  const map = t.kind === "hard" ? config?.evictionHard : config?.evictionSoft;
  if (map && Object.hasOwn(map, t.signal)) return "config";
  return t.kind === "hard" && Object.hasOwn(DEFAULT_EVICTION_HARD, t.signal) ? "default" : "config";
}
