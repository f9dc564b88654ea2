// Combines config file, flags and what-if overrides into the settings the kubelet would run with.
import { fieldPath } from "../document/input-errors";
import { cpusetSize } from "../quantities/go-parse";
import {
  ConfigError,
  DEFAULT_EVICTION_HARD,
  defaultEvictionConfig,
  type ConfigKey,
  type EvictionConfig,
  type FieldNamer,
} from "./config-types";
import { flagFieldName } from "./kubelet-flags";
import { WHAT_IF_KEYS } from "./what-if-keys";

type StringMap = Record<string, string>;
export { WHAT_IF_KEYS };
type MapKey = (typeof WHAT_IF_KEYS)[number];
const THRESHOLD_KEYS: readonly ConfigKey[] = [
  "evictionHard",
  "evictionSoft",
  "evictionSoftGracePeriod",
  "evictionMinimumReclaim",
];

/** The what-if maps; each entry overrides one key of the effective map (other input keys such as usageScale are ignored). */
export type WhatIfConfig = Partial<Record<MapKey, StringMap | null>>;

export interface EffectiveConfig {
  config: EvictionConfig;
  /** Where the threshold maps came from: flags that set one, else a given config, else the kubelet defaults. */
  source: "kubeletConfig" | "kubeletFlags" | "defaults";
  /** Names the input field each setting came from; pass it to parseThresholds / computeAllocatable. */
  fieldName: FieldNamer;
}

type Origin = "config" | "flags" | "defaults";

function copyInto(
  target: EvictionConfig,
  from: Partial<EvictionConfig>,
  origin: Partial<Record<ConfigKey, Origin>>,
  tag: Origin,
): void {
  for (const [k, v] of Object.entries(from) as [ConfigKey, unknown][]) {
    if (v === undefined) continue;
    const copy = Array.isArray(v) ? [...v] : v !== null && typeof v === "object" ? { ...v } : v;
    Object.assign(target, { [k]: copy });
    origin[k] = tag;
  }
}

/**
 * Builds the effective settings in the order defaults → config file → flags → whatIf → reservedSystemCPUs.
 *
 * Config file: an absent/null evictionHard gets the Linux defaults; with mergeDefaultEvictionSettings the missing
 * default signals are appended. Flags: each given flag replaces the whole field (no merge). whatIf: each map entry
 * overrides one key of the effective map and the other keys stay (a whatIf "0%" disables one signal). A non-empty
 * reservedSystemCPUs then replaces the cpu reservations. Pass undefined for an input that was not given.
 */
export function effectiveConfig(
  fromConfig?: Partial<EvictionConfig> | null,
  fromFlags?: Partial<EvictionConfig> | null,
  whatIf?: WhatIfConfig | null,
  names: { config: string; flags: string; whatIf: string } = { config: "kubeletConfig", flags: "kubeletFlags", whatIf: "whatIf" },
): EffectiveConfig {
  const config = defaultEvictionConfig();
  const origin: Partial<Record<ConfigKey, Origin>> = {};
  if (fromConfig) {
    copyInto(config, fromConfig, origin, "config");
    const user = fromConfig.evictionHard;
    if (user == null) {
      config.evictionHard = { ...DEFAULT_EVICTION_HARD };
    } else if (fromConfig.mergeDefaultEvictionSettings) {
      config.evictionHard = { ...user };
      for (const [k, v] of Object.entries(DEFAULT_EVICTION_HARD)) if (!(k in user)) config.evictionHard[k] = v;
    }
  }
  if (fromFlags) copyInto(config, fromFlags, origin, "flags");
  const whatIfKeys = new Map<ConfigKey, Set<string>>();
  for (const key of WHAT_IF_KEYS) {
    const over = whatIf?.[key];
    if (!over) continue;
    const base = config[key] ?? { ...DEFAULT_EVICTION_HARD };
    config[key] = { ...base, ...over };
    whatIfKeys.set(key, new Set(Object.keys(over)));
  }
  let cpusFromCpuset = false;
  const fieldName: FieldNamer = (key, mapKey) => {
    // systemReserved.cpu set from reservedSystemCPUs: an error in it is the cpuset's.
    if (cpusFromCpuset && key === "systemReserved" && mapKey === "cpu") return fieldName("reservedSystemCPUs");
    if (mapKey !== undefined && whatIfKeys.get(key)?.has(mapKey)) return fieldPath(fieldPath(names.whatIf, key), mapKey);
    const o = origin[key];
    const base = o === "flags" ? flagFieldName(names.flags, key) : fieldPath(o === "config" ? names.config : "defaults", key);
    return mapKey === undefined ? base : fieldPath(base, mapKey);
  };
  cpusFromCpuset = applyReservedCpus(config, fieldName);
  const flagsSetThresholds = THRESHOLD_KEYS.some((k) => fromFlags?.[k] !== undefined);
  const source = flagsSetThresholds ? "kubeletFlags" : fromConfig ? "kubeletConfig" : "defaults";
  return { config, source, fieldName };
}

// cmd/kubelet/app/server.go: a non-empty reserved cpuset drops kubeReserved.cpu and sets systemReserved.cpu to its size.
function applyReservedCpus(config: EvictionConfig, name: FieldNamer): boolean {
  const cpus = config.reservedSystemCPUs;
  if (!cpus) return false;
  let size: number;
  try {
    size = cpusetSize(cpus);
  } catch (e) {
    throw new ConfigError(`${name("reservedSystemCPUs")}: unable to parse reserved-cpus list: ${(e as Error).message}`);
  }
  if (size === 0) return false;
  const { cpu: _dropped, ...kube } = config.kubeReserved;
  config.kubeReserved = kube;
  config.systemReserved = { ...config.systemReserved, cpu: String(size) };
  return true;
}
