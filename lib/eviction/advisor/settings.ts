// The settings the advisor reads: the engine's effective eviction config (readKubeletConfig /
// parseKubeletFlags → effectiveConfig → parseThresholds, never a second copy), plus the few
// non-eviction fields some rules need (featureGates, maxPods), read from the same config or flags.
import type { EvictionConfig, FieldNamer, Threshold } from "../config/config-types";
import type { WhatIfConfig } from "../config/effective-config";
import { splitShellWords } from "../config/shell-words";
import { effectiveConfig, parseKubeletFlags, parseThresholds, readKubeletConfig } from "../config/thresholds";
import { isObject } from "../document/input-errors";
import type { ResourceList } from "../k8s-types";
import { validateReservation } from "../node/allocatable";

export interface NodeSettings {
  config: EvictionConfig;
  fieldName: FieldNamer;
  thresholds: Threshold[];
  /** Which setting set evictionHard: a config file (merge on or off), a flag, or nothing (defaults). */
  evictionHardFrom: "config" | "config-merged" | "flags" | "defaults";
  /** featureGates / --feature-gates as given (no defaults). */
  featureGates: Record<string, boolean>;
  maxPods: number | null;
}

export type ReadSettings = { ok: true; settings: NodeSettings } | { ok: false; error: string };

/** The KubeletConfiguration object of a config file or a /configz answer. */
function configObject(raw: unknown): Record<string, unknown> | null {
  if (!isObject(raw)) return null;
  return isObject(raw.kubeletconfig) ? raw.kubeletconfig : raw;
}

/** Reads `--feature-gates=A=true,B=false` and `--max-pods=N` from a flag line (last use wins, like pflag). */
function flagExtras(flags: string): { gates: Record<string, boolean>; maxPods: number | null } {
  const gates: Record<string, boolean> = {};
  let maxPods: number | null = null;
  const words = splitShellWords(flags).flatMap((w) => {
    const env = /^[A-Za-z_][A-Za-z0-9_]*=(.*)$/s.exec(w);
    return env?.[1] ? splitShellWords(env[1]) : [w];
  });
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? "";
    const m = /^--(feature-gates|max-pods)(?:=(.*))?$/s.exec(w);
    if (!m) continue;
    const value = m[2] ?? words[++i] ?? "";
    if (m[1] === "max-pods") maxPods = /^\d+$/.test(value) ? Number(value) : maxPods;
    else
      for (const pair of value.split(",")) {
        const [k, v] = pair.split("=");
        if (k && (v === "true" || v === "false")) gates[k.trim()] = v === "true";
      }
  }
  return { gates, maxPods };
}

/**
 * Reads a node's kubelet settings as the kubelet would run them, or the ConfigError the kubelet
 * would refuse them with (and, given the node's capacity, an impossible reservation).
 */
export function readSettings(
  kubeletConfig: unknown,
  kubeletFlags: string | null,
  capacity?: ResourceList,
  whatIf?: WhatIfConfig,
): ReadSettings {
  if (whatIf || !isObject(kubeletConfig)) return computeSettings(kubeletConfig, kubeletFlags, capacity, whatIf);
  // A pool's nodes share one (frozen) config object: it is read once per flags and capacity.
  let byKey = memo.get(kubeletConfig);
  if (!byKey) memo.set(kubeletConfig, (byKey = new Map()));
  const key = `${kubeletFlags ?? ""}\u0000${capacity ? JSON.stringify(capacity) : ""}`;
  let hit = byKey.get(key);
  if (!hit) {
    if (byKey.size >= 64) byKey.clear();
    byKey.set(key, (hit = computeSettings(kubeletConfig, kubeletFlags, capacity, whatIf)));
  }
  return hit;
}

const memo = new WeakMap<object, Map<string, ReadSettings>>();

function computeSettings(
  kubeletConfig: unknown,
  kubeletFlags: string | null,
  capacity: ResourceList | undefined,
  whatIf: WhatIfConfig | undefined,
): ReadSettings {
  try {
    const fromConfig = kubeletConfig == null ? undefined : readKubeletConfig(kubeletConfig);
    const fromFlags = kubeletFlags == null ? undefined : parseKubeletFlags(kubeletFlags);
    const { config, fieldName } = effectiveConfig(fromConfig, fromFlags, whatIf);
    const thresholds = parseThresholds(config, fieldName);
    if (capacity) validateReservation(capacity, config, fieldName);
    const obj = configObject(kubeletConfig);
    const extras = kubeletFlags ? flagExtras(kubeletFlags) : { gates: {}, maxPods: null };
    const gates: Record<string, boolean> = {};
    if (isObject(obj?.featureGates))
      for (const [k, v] of Object.entries(obj.featureGates)) if (typeof v === "boolean") gates[k] = v;
    Object.assign(gates, extras.gates);
    const cfgMaxPods = typeof obj?.maxPods === "number" ? obj.maxPods : null;
    let evictionHardFrom: NodeSettings["evictionHardFrom"] = "defaults";
    if (fromFlags?.evictionHard !== undefined) evictionHardFrom = "flags";
    else if (fromConfig?.evictionHard != null)
      evictionHardFrom = fromConfig.mergeDefaultEvictionSettings ? "config-merged" : "config";
    return {
      ok: true,
      settings: { config, fieldName, thresholds, evictionHardFrom, featureGates: gates, maxPods: extras.maxPods ?? cfgMaxPods },
    };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
}

/** Parses "v1.37.0-eks-123" into [1, 37]; null when it is not a kubelet version. */
export function minorVersion(version: string | null | undefined): [number, number] | null {
  const m = /^v?(\d+)\.(\d+)/.exec(version ?? "");
  return m ? [Number(m[1]), Number(m[2])] : null;
}
