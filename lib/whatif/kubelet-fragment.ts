// From a what-if to the change that applies it: the KubeletConfiguration fragment and the equivalent
// kubelet flags. Each map the what-if touches is written whole, as the node would run it (its own
// settings with the what-if on top): a config file or flag that sets one threshold drops the
// kubelet's defaults for the others, so a partial map would change more than the what-if shows.
import {
  effectiveConfig,
  parseKubeletFlags,
  parseThresholds,
  readKubeletConfig,
  WHAT_IF_KEYS,
  type WhatIf,
} from "@/lib/eviction";

import type { SettingChange } from "../eviction/advisor/types";

type MapKey = (typeof WHAT_IF_KEYS)[number];

const FLAG: Record<MapKey, { flag: string; sep: "<" | "=" }> = {
  kubeReserved: { flag: "kube-reserved", sep: "=" },
  systemReserved: { flag: "system-reserved", sep: "=" },
  evictionHard: { flag: "eviction-hard", sep: "<" },
  evictionSoft: { flag: "eviction-soft", sep: "<" },
  evictionSoftGracePeriod: { flag: "eviction-soft-grace-period", sep: "=" },
  evictionMinimumReclaim: { flag: "eviction-minimum-reclaim", sep: "=" },
};

export interface KubeletChange {
  /** The maps to set, whole, in kubelet order. */
  maps: Partial<Record<MapKey, Record<string, string>>>;
  yaml: string;
  flags: string;
  /** Usage growth is a scenario, not a setting: said in words when the what-if has it. */
  note: string | null;
}

/** Builds the KubeletConfiguration fragment and kubelet flags that apply a what-if on top of the node's settings; throws the engine's error for a bad value. */
export function kubeletChange(whatIf: WhatIf, node: { kubeletConfig: unknown; kubeletFlags: string | null }): KubeletChange {
  const fromConfig = node.kubeletConfig == null ? undefined : readKubeletConfig(node.kubeletConfig);
  const fromFlags = node.kubeletFlags == null ? undefined : parseKubeletFlags(node.kubeletFlags);
  const { config, fieldName } = effectiveConfig(fromConfig, fromFlags, whatIf);
  parseThresholds(config, fieldName); // a value the kubelet would refuse never reaches a copyable fragment
  const maps: KubeletChange["maps"] = {};
  for (const key of WHAT_IF_KEYS) {
    if (!whatIf[key] || Object.keys(whatIf[key]).length === 0) continue;
    const m = (config[key] ?? {}) as Record<string, string>;
    maps[key] = Object.fromEntries(
      Object.keys(m)
        .sort()
        .map((k) => [k, m[k]!]),
    );
  }
  const entries = Object.entries(maps) as [MapKey, Record<string, string>][];
  const yaml = [
    "apiVersion: kubelet.config.k8s.io/v1beta1",
    "kind: KubeletConfiguration",
    ...entries.flatMap(([key, m]) => [`${key}:`, ...Object.entries(m).map(([k, v]) => `  ${k}: ${JSON.stringify(v)}`)]),
  ].join("\n");
  // Single quotes keep the shell from reading "<" as a redirection.
  const flags = entries
    .filter(([, m]) => Object.keys(m).length > 0)
    .map(([key, m]) => {
      const { flag, sep } = FLAG[key];
      const value = Object.entries(m)
        .map(([k, v]) => `${k}${sep}${v}`)
        .join(",");
      return sep === "<" ? `--${flag}='${value}'` : `--${flag}=${value}`;
    })
    .join(" ");
  const scale = Object.entries(whatIf.usageScale ?? {}).filter(([, v]) => v != null && v !== 1);
  const note = scale.length
    ? `Usage growth (${scale.map(([r, v]) => `${r} ×${v}`).join(", ")}) is a scenario, not a kubelet setting: it is not part of this change.`
    : null;
  return { maps, yaml: entries.length ? yaml : "", flags, note };
}

/** Nodes that share one effective kubelet configuration (ClusterOverview.configs), with the pools they are in. */
export interface ConfigGroup {
  configId: string;
  kubeletConfig: unknown;
  kubeletFlags: string | null;
  /** Pools of those nodes, sorted; "(no pool)" for nodes without a pool label. */
  pools: string[];
  nodes: number;
}

/** Groups the rows of a pool/fleet what-if by their effective kubelet configuration, the largest group first. */
export function groupByConfig(
  rows: readonly { pool: string | null; configId: string }[],
  configs: Readonly<Record<string, { kubeletConfig: unknown; kubeletFlags: string | null }>>,
): ConfigGroup[] {
  const groups = new Map<string, { pools: Set<string>; nodes: number }>();
  for (const r of rows) {
    const g = groups.get(r.configId) ?? { pools: new Set<string>(), nodes: 0 };
    g.pools.add(r.pool ?? "(no pool)");
    g.nodes++;
    groups.set(r.configId, g);
  }
  return [...groups]
    .map(([configId, g]) => ({
      configId,
      kubeletConfig: configs[configId]?.kubeletConfig ?? null,
      kubeletFlags: configs[configId]?.kubeletFlags ?? null,
      pools: [...g.pools].sort(),
      nodes: g.nodes,
    }))
    .sort((a, b) => b.nodes - a.nodes || a.pools[0]!.localeCompare(b.pools[0]!));
}

/** One group's change: its own settings with the what-if on top, or the engine's error for a value its kubelet would refuse. */
export type GroupChange = ConfigGroup & ({ change: KubeletChange; error: null } | { change: null; error: string });

/** The fragment each configuration group needs: never one node's settings written over another pool's. */
export function kubeletChangesByGroup(whatIf: WhatIf, groups: readonly ConfigGroup[]): GroupChange[] {
  return groups.map((g) => {
    try {
      return { ...g, change: kubeletChange(whatIf, g), error: null };
    } catch (e) {
      return { ...g, change: null, error: (e as Error).message };
    }
  });
}

/** Writes the KubeletConfiguration fragment and kubelet flags for settings that are not eviction maps. */
export function settingChange(change: SettingChange): { yaml: string; flags: string } {
  const yaml = ["apiVersion: kubelet.config.k8s.io/v1beta1", "kind: KubeletConfiguration"];
  const flags: string[] = [];
  if (change.maxPods !== undefined) {
    yaml.push(`maxPods: ${change.maxPods}`);
    flags.push(`--max-pods=${change.maxPods}`);
  }
  if (change.mergeDefaultEvictionSettings !== undefined) {
    // A config-file field only: the kubelet has no flag for it.
    yaml.push(`mergeDefaultEvictionSettings: ${change.mergeDefaultEvictionSettings}`);
  }
  if (change.enforceNodeAllocatable) {
    yaml.push("enforceNodeAllocatable:", ...change.enforceNodeAllocatable.map((v) => `  - ${JSON.stringify(v)}`));
    flags.push(`--enforce-node-allocatable=${change.enforceNodeAllocatable.join(",")}`);
  }
  if (change.featureGates) {
    const gates = Object.entries(change.featureGates);
    yaml.push("featureGates:", ...gates.map(([k, v]) => `  ${k}: ${v}`));
    flags.push(`--feature-gates=${gates.map(([k, v]) => `${k}=${v}`).join(",")}`);
  }
  return { yaml: yaml.join("\n"), flags: flags.join(" ") };
}
