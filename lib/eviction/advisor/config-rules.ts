// Rules that read the kubelet configuration alone: what `headroom lint` checks without a node.
import { DEFAULT_EVICTION_HARD, type Threshold, type ThresholdValue } from "../config/config-types";
import { formatBytesHuman } from "../quantities/quantity";
import type { Signal } from "../signals";
import { mapFix, settingFix, type RawConfig } from "./fix";
import type { NodeSettings } from "./settings";
import type { Finding } from "./types";

/** Capacity of a signal when known (from the node's observation), to compare % with quantities. */
export type CapacityOf = (signal: Signal) => number | null;

export function describeValue(v: ThresholdValue): string {
  return "quantity" in v ? formatBytesHuman(v.quantity) : `${Math.round(v.percentage * 1e4) / 100}%`;
}

/** evictionHard set by a config file (without mergeDefaultEvictionSettings) or a flag: the defaults it leaves out are gone. */
export function partialEvictionHard(s: NodeSettings, node: string | null, raw: RawConfig): Finding[] {
  if (s.evictionHardFrom !== "config" && s.evictionHardFrom !== "flags") return [];
  const given = s.config.evictionHard ?? {};
  const missing = Object.keys(DEFAULT_EVICTION_HARD).filter((k) => !Object.hasOwn(given, k));
  if (missing.length === 0) return [];
  const from = s.evictionHardFrom === "flags" ? "--eviction-hard" : "evictionHard";
  const list = missing.map((k) => `${k} (default ${DEFAULT_EVICTION_HARD[k]})`).join(", ");
  const hard = s.thresholds.filter((t) => t.kind === "hard" && t.signal !== "allocatableMemory.available");
  if (hard.length === 0) {
    // Every entry given is "0%": eviction is switched off on purpose (kind does this), not by accident.
    return [
      {
        rule: "partial-eviction-hard",
        severity: "info",
        node,
        message: `${from} disables every signal it names (${Object.keys(given).join(", ") || "none"}) and leaves out ${list}: this kubelet never evicts for node pressure, the kernel's OOM killer and full disks act instead.`,
        fix: null,
      },
    ];
  }
  const severity = missing.some((k) => k === "memory.available" || k === "nodefs.available")
    ? "error"
    : missing.some((k) => k === "nodefs.inodesFree")
      ? "warning"
      : "info";
  const why =
    severity === "error"
      ? missing.includes("memory.available")
        ? "nothing evicts pods before the kernel's OOM killer does"
        : "nothing evicts pods before the node filesystem fills"
      : severity === "warning"
        ? "nothing evicts pods before the node runs out of inodes"
        : "this matters only on a node with a separate image filesystem";
  const whatIf = { evictionHard: Object.fromEntries(missing.map((k) => [k, DEFAULT_EVICTION_HARD[k]!])) };
  return [
    {
      rule: "partial-eviction-hard",
      severity,
      node,
      message: `${from} sets ${Object.keys(given).join(", ")} only, so the kubelet has no threshold for ${list}: the defaults are replaced, not merged; ${why}.`,
      fix: mapFix(
        `Write the whole evictionHard map with the defaults you want kept${s.evictionHardFrom === "config" ? " (or set mergeDefaultEvictionSettings: true on a kubelet that has it, kubernetes#127577)" : ""}.`,
        whatIf,
        raw,
      ),
    },
  ];
}

function resolve(v: ThresholdValue, capacity: number | null): number | null {
  if ("quantity" in v) return v.quantity;
  return capacity === null ? null : Math.trunc(capacity * v.percentage);
}

/** Compares two threshold values; null when one is a percentage and the signal's capacity is unknown. */
function atOrBelow(soft: ThresholdValue, hard: ThresholdValue, capacity: number | null): boolean | null {
  if ("percentage" in soft && "percentage" in hard) return soft.percentage <= hard.percentage;
  const a = resolve(soft, capacity);
  const b = resolve(hard, capacity);
  return a === null || b === null ? null : a <= b;
}

function raisedSoft(hard: ThresholdValue): string {
  if ("percentage" in hard) return `${Math.min(100, Math.round(hard.percentage * 100) + 5)}%`;
  return `${Math.ceil((hard.quantity * 2) / 2 ** 20)}Mi`;
}

/** A soft threshold at or below its hard one: the hard one is always met first, so the soft one never gives pods their grace. */
export function softNotAboveHard(s: NodeSettings, node: string | null, raw: RawConfig, capacityOf: CapacityOf): Finding[] {
  const out: Finding[] = [];
  const hardOf = new Map<Signal, Threshold>();
  for (const t of s.thresholds) if (t.kind === "hard") hardOf.set(t.signal, t);
  for (const soft of s.thresholds) {
    if (soft.kind !== "soft" || !soft.value) continue;
    const hard = hardOf.get(soft.signal);
    if (!hard?.value || atOrBelow(soft.value, hard.value, capacityOf(soft.signal)) !== true) continue;
    out.push({
      rule: "soft-not-above-hard",
      severity: "warning",
      node,
      message: `evictionSoft ${soft.signal} is ${describeValue(soft.value)}, at or below its hard threshold ${describeValue(hard.value)}: the hard threshold is met first and evicts at once, so the ${soft.gracePeriodSeconds} s soft grace period never applies.`,
      fix: mapFix(
        `Set the soft threshold above the hard one, for example ${raisedSoft(hard.value)}.`,
        { evictionSoft: { [soft.signal]: raisedSoft(hard.value) } },
        raw,
      ),
    });
  }
  return out;
}

/** Grace periods and minimum reclaims for signals with no threshold: ParseThresholdConfig attaches them to nothing. */
export function settingWithoutThreshold(s: NodeSettings, node: string | null): Finding[] {
  const out: Finding[] = [];
  const soft = new Set(s.thresholds.filter((t) => t.kind === "soft").map((t) => t.signal));
  const any = new Set(s.thresholds.map((t) => t.signal));
  for (const [signal, grace] of Object.entries(s.config.evictionSoftGracePeriod)) {
    if (soft.has(signal as Signal)) continue;
    out.push({
      rule: "setting-without-threshold",
      severity: "warning",
      node,
      message: `evictionSoftGracePeriod ${signal} is ${grace}, but there is no soft threshold for ${signal}: the grace period does nothing.`,
      fix: { text: `Add evictionSoft ${signal}, or remove the grace period.` },
    });
  }
  for (const [signal, amount] of Object.entries(s.config.evictionMinimumReclaim)) {
    if (any.has(signal as Signal)) continue;
    out.push({
      rule: "setting-without-threshold",
      severity: "warning",
      node,
      message: `evictionMinimumReclaim ${signal} is ${amount}, but no threshold watches ${signal}: it is never reclaimed.`,
      fix: { text: `Add a threshold for ${signal}, or remove the minimum reclaim.` },
    });
  }
  return out;
}

/** Without "pods" in enforceNodeAllocatable (or with eviction told to ignore it) the kubelet adds no allocatableMemory.available threshold. */
export function allocatableEvictionOff(s: NodeSettings, node: string | null): Finding[] {
  const hasMemoryHard = s.thresholds.some((t) => t.kind === "hard" && t.signal === "memory.available");
  if (!hasMemoryHard) return [];
  const enforced = s.config.enforceNodeAllocatable.includes("pods");
  if (enforced && !s.config.experimentalAllocatableIgnoreEviction) return [];
  const why = enforced
    ? "experimentalAllocatableIgnoreEviction is true"
    : `enforceNodeAllocatable is [${s.config.enforceNodeAllocatable.join(", ")}], without "pods"`;
  return [
    {
      rule: "allocatable-eviction-off",
      severity: "warning",
      node,
      message: `${why}: the kubelet watches no allocatableMemory.available threshold, so pods together can use the memory kubeReserved and systemReserved keep for the system before anything is evicted.`,
      fix: settingFix(
        'Enforce node allocatable on pods ("pods" in enforceNodeAllocatable) and leave experimentalAllocatableIgnoreEviction off.',
        {
          enforceNodeAllocatable: [...new Set(["pods", ...s.config.enforceNodeAllocatable.filter((v) => v !== "none")])],
        },
      ),
    },
  ];
}
