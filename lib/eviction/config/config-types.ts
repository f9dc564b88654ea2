// Types shared by the kubelet-configuration readers, the threshold parser and node allocatable.
import { fieldPath, InputError } from "../document/input-errors";
import { DEFAULT_PRESSURE_TRANSITION_PERIOD_SECONDS } from "../kubelet-defaults";
import type { Signal } from "../signals";

/** A threshold amount: an absolute quantity (bytes / counts) or a float32 fraction (10 % → 0.10000000149011612). */
export type ThresholdValue = { quantity: number } | { percentage: number };

export interface Threshold {
  signal: Signal;
  /** The map it came from. The kubelet itself treats any threshold with grace 0 as hard. */
  kind: "hard" | "soft";
  /** null = the empty containerfs placeholder (no operator, no value): never met. */
  value: ThresholdValue | null;
  gracePeriodSeconds: number;
  minReclaim: ThresholdValue | null;
}

/** A bad kubelet setting; the message starts with the field path (`kubeletConfig.evictionHard["memory.available"]: ...`). */
export class ConfigError extends InputError {
  override name = "ConfigError";
}

/** The effective eviction- and reservation-relevant kubelet settings. */
export interface EvictionConfig {
  /** null = not set: the kubelet's Linux defaults apply. */
  evictionHard: Record<string, string> | null;
  evictionSoft: Record<string, string>;
  evictionSoftGracePeriod: Record<string, string>;
  evictionMinimumReclaim: Record<string, string>;
  mergeDefaultEvictionSettings: boolean;
  kubeReserved: Record<string, string>;
  systemReserved: Record<string, string>;
  enforceNodeAllocatable: string[];
  evictionPressureTransitionPeriodSeconds: number;
  evictionMaxPodGracePeriod: number;
  experimentalAllocatableIgnoreEviction: boolean;
  /** `reservedSystemCPUs` / `--reserved-cpus` cpuset; when non-empty it replaces the cpu reservations (§10). */
  reservedSystemCPUs?: string;
}

export type ConfigKey = keyof EvictionConfig;

/** Names the input field a setting (and optionally one map key of it) came from, for error messages. */
export type FieldNamer = (key: ConfigKey, mapKey?: string) => string;

/** Linux `DefaultEvictionHard` (pkg/kubelet/eviction/defaults_linux.go), v1.30+. */
export const DEFAULT_EVICTION_HARD: Readonly<Record<string, string>> = Object.freeze({
  "memory.available": "100Mi",
  "nodefs.available": "10%",
  "nodefs.inodesFree": "5%",
  "imagefs.available": "15%",
  "imagefs.inodesFree": "5%",
});

/** Returns the defaults of every EvictionConfig field, evictionHard resolved to the Linux defaults. */
export function defaultEvictionConfig(): EvictionConfig {
  return {
    evictionHard: { ...DEFAULT_EVICTION_HARD },
    evictionSoft: {},
    evictionSoftGracePeriod: {},
    evictionMinimumReclaim: {},
    mergeDefaultEvictionSettings: false,
    kubeReserved: {},
    systemReserved: {},
    enforceNodeAllocatable: ["pods"],
    evictionPressureTransitionPeriodSeconds: DEFAULT_PRESSURE_TRANSITION_PERIOD_SECONDS,
    evictionMaxPodGracePeriod: 0,
    experimentalAllocatableIgnoreEviction: false,
  };
}

/** Turns a root field name into a namer (`root.key["mapKey"]`); a namer passes through unchanged. */
export function toNamer(field: string | FieldNamer): FieldNamer {
  if (typeof field === "function") return field;
  return (key, mapKey) => (mapKey === undefined ? fieldPath(field, key) : fieldPath(fieldPath(field, key), mapKey));
}

/** Reads an own property only, so keys such as "constructor" never hit Object.prototype. */
export function getOwn<T>(map: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(map, key) ? map[key] : undefined;
}

/** Sets an own, enumerable property, so a key such as "__proto__" is kept (and later rejected) rather than lost. */
export function putOwn<T>(map: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(map, key, { value, enumerable: true, writable: true, configurable: true });
}
