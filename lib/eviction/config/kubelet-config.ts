// Reads the eviction- and reservation-relevant fields of a KubeletConfiguration (config file or /configz).
import { fieldPath, isObject, jsonType } from "../document/input-errors";
import { DEFAULT_PRESSURE_TRANSITION_PERIOD_SECONDS } from "../kubelet-defaults";
import { parseGoDuration } from "../quantities/go-parse";
import { ConfigError, putOwn, type EvictionConfig } from "./config-types";
import { checkEnforceNodeAllocatable, parseFlagMap } from "./flag-values";

type StringMap = Record<string, string>;

/** The KubeletConfiguration maps that decide eviction and reservation (also what pool drift compares). */
export const MAP_KEYS = [
  "evictionHard",
  "evictionSoft",
  "evictionSoftGracePeriod",
  "evictionMinimumReclaim",
  "kubeReserved",
  "systemReserved",
] as const;

// The legacy (k8s <= 1.9) configz wrote evictionHard/evictionSoft as "sig<value,..." and the other two as "sig=value,...".
const LEGACY_SEPARATOR: Record<(typeof MAP_KEYS)[number], "<" | "="> = {
  evictionHard: "<",
  evictionSoft: "<",
  evictionSoftGracePeriod: "=",
  evictionMinimumReclaim: "=",
  kubeReserved: "=",
  systemReserved: "=",
};

function readMap(v: unknown, path: string, sep: "<" | "="): StringMap {
  if (typeof v === "string") return parseFlagMap(v, sep, path);
  if (!isObject(v)) throw new ConfigError(`${path}: must be a map of strings, got ${jsonType(v)}`);
  const out: StringMap = {};
  for (const [k, val] of Object.entries(v)) {
    if (typeof val !== "string") throw new ConfigError(`${fieldPath(path, k)}: must be a string, got ${jsonType(val)}`);
    putOwn(out, k, val);
  }
  return out;
}

function readDuration(v: unknown, path: string): number {
  if (typeof v !== "string") throw new ConfigError(`${path}: must be a duration string such as "5m0s", got ${jsonType(v)}`);
  try {
    return parseGoDuration(v);
  } catch (e) {
    throw new ConfigError(`${path}: ${(e as Error).message}`);
  }
}

function readInt32(v: unknown, path: string): number {
  if (typeof v !== "number" || !Number.isInteger(v) || v < -(2 ** 31) || v >= 2 ** 31) {
    throw new ConfigError(`${path}: must be a 32-bit integer, got ${typeof v === "number" ? v : jsonType(v)}`);
  }
  return v;
}

/**
 * Reads the eviction fields of a bare KubeletConfiguration or a configz response `{"kubeletconfig": {...}}`.
 *
 * Accepts the legacy (k8s <= 1.9) string forms of the maps ("" = empty); absent fields stay unset, a null evictionHard
 * stays null (= defaults), a 0s evictionPressureTransitionPeriod becomes 5m, and wrong types throw a ConfigError
 * naming the field.
 */
export function readKubeletConfig(raw: unknown, field = "kubeletConfig"): Partial<EvictionConfig> {
  if (raw == null) return {};
  if (!isObject(raw)) throw new ConfigError(`${field}: must be an object, got ${jsonType(raw)}`);
  let cfg = raw;
  let base = field;
  if (isObject(raw.kubeletconfig)) {
    cfg = raw.kubeletconfig;
    base = fieldPath(field, "kubeletconfig");
  }
  const path = (k: string) => fieldPath(base, k);
  const out: Partial<EvictionConfig> = {};
  for (const key of MAP_KEYS) {
    const v = cfg[key];
    if (v === undefined) continue;
    // A nil map: evictionHard keeps its "unset" meaning (defaults), the others are simply empty.
    if (v === null) {
      if (key === "evictionHard") out.evictionHard = null;
      else out[key] = {};
      continue;
    }
    out[key] = readMap(v, path(key), LEGACY_SEPARATOR[key]);
  }
  const merge = cfg.mergeDefaultEvictionSettings;
  if (merge != null) {
    if (typeof merge !== "boolean")
      throw new ConfigError(`${path("mergeDefaultEvictionSettings")}: must be a boolean, got ${jsonType(merge)}`);
    out.mergeDefaultEvictionSettings = merge;
  }
  const enforce = cfg.enforceNodeAllocatable;
  if (enforce != null) {
    if (!Array.isArray(enforce) || !enforce.every((s) => typeof s === "string")) {
      throw new ConfigError(`${path("enforceNodeAllocatable")}: must be a list of strings, got ${jsonType(enforce)}`);
    }
    out.enforceNodeAllocatable = checkEnforceNodeAllocatable(enforce, path("enforceNodeAllocatable"));
  }
  const transition = cfg.evictionPressureTransitionPeriod;
  if (transition != null) {
    // The v1beta1 defaulting replaces a zero duration with 5m.
    const seconds = readDuration(transition, path("evictionPressureTransitionPeriod"));
    out.evictionPressureTransitionPeriodSeconds = seconds === 0 ? DEFAULT_PRESSURE_TRANSITION_PERIOD_SECONDS : seconds;
  }
  const maxGrace = cfg.evictionMaxPodGracePeriod;
  if (maxGrace != null) out.evictionMaxPodGracePeriod = readInt32(maxGrace, path("evictionMaxPodGracePeriod"));
  const cpus = cfg.reservedSystemCPUs;
  if (cpus != null) {
    if (typeof cpus !== "string") throw new ConfigError(`${path("reservedSystemCPUs")}: must be a string, got ${jsonType(cpus)}`);
    out.reservedSystemCPUs = cpus;
  }
  return out;
}
