// The kubelet configuration advisor: pure rules over what Headroom already holds for a node (its
// kubelet settings, Node, pods, Summary and memory history) and for a fleet (pools). No I/O.
import type { Node, Pod, Summary } from "../k8s-types";
import type { Signal } from "../signals";
import type { WhatIf } from "../types";
import { allocatableEvictionOff, partialEvictionHard, settingWithoutThreshold, softNotAboveHard } from "./config-rules";
import { poolDrift, type PoolMember } from "./fleet-rules";
import { hardBelowCycleDrop, type AvailableSeries } from "./history-rules";
import { containersNearLimit, hugepageRules, outOfPodSlots } from "./node-rules";
import { SEVERITY_RANK } from "./rules";
import { readSettings } from "./settings";
import type { Finding } from "./types";

export { RULES } from "./rules";
export { hugepageAwareEvictionOn, hugepageBytes } from "./node-rules";
export { largestCycleDrop, type AvailableSeries } from "./history-rules";
export type * from "./types";

export interface AdvisorInput {
  /** The node's name; null for a config linted on its own. */
  name: string | null;
  kubeletConfig: unknown;
  kubeletFlags: string | null;
  node?: Node | null;
  kubeletVersion?: string | null;
  /** Active pods (not Failed/Succeeded). */
  pods?: readonly Pod[];
  summary?: Summary | null;
  /** memory.available over the last hour, one sample per 10 s housekeeping cycle. */
  memoryHistory?: AvailableSeries | null;
  /** A what-if applied on top of the node's settings (its maps override entry by entry). */
  whatIf?: WhatIf | null;
}

/** The memory.available capacity the kubelet uses for percentages: the Summary's available + working set. */
function memoryCapacity(summary: Summary | null | undefined): number | null {
  const m = summary?.node?.memory;
  return m?.availableBytes !== undefined && m.workingSetBytes !== undefined ? m.availableBytes + m.workingSetBytes : null;
}

// localeCompare with no locale is this collator's compare, built again on every call: one collator
// sorts a 5 000-node fleet's findings without that (a quarter of the sort's time).
const byLocale = new Intl.Collator().compare;

/** Sorts errors first, then by rule and message, so lists and diffs are stable. */
function sortFindings(findings: Finding[]): Finding[] {
  return findings.sort(
    (a, b) =>
      SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
      byLocale(a.rule, b.rule) ||
      byLocale(a.node ?? "", b.node ?? "") ||
      byLocale(a.message, b.message),
  );
}

/** Every node-level finding for one node (pool drift needs the fleet: {@link fleetAdvice}). */
export function adviseNode(input: AdvisorInput): Finding[] {
  const { name } = input;
  const raw = { kubeletConfig: input.kubeletConfig, kubeletFlags: input.kubeletFlags };
  const capacity = input.node?.status?.capacity;
  const read = readSettings(input.kubeletConfig, input.kubeletFlags, capacity, input.whatIf ?? undefined);
  const out: Finding[] = [];
  const memCap = memoryCapacity(input.summary);
  if (!read.ok) {
    out.push({
      rule: "config-invalid",
      severity: "error",
      node: name,
      message: `The kubelet refuses to start with this configuration: ${read.error}`,
      fix: null,
    });
  } else {
    const s = read.settings;
    const capacityOf = (signal: Signal) => (signal === "memory.available" ? memCap : null);
    out.push(
      ...partialEvictionHard(s, name, raw),
      ...softNotAboveHard(s, name, raw, capacityOf),
      ...settingWithoutThreshold(s, name),
      ...allocatableEvictionOff(s, name),
      ...hugepageRules(s, name, raw, { capacity, kubeletVersion: input.kubeletVersion ?? null, memoryCapacity: memCap }),
      ...hardBelowCycleDrop(s, name, raw, input.memoryHistory ?? null, memCap),
    );
  }
  out.push(...containersNearLimit(name, input.pods ?? [], input.summary ?? null));
  if (input.node) out.push(...outOfPodSlots(read.ok ? read.settings : null, name, input.node, input.pods?.length ?? 0));
  return sortFindings(out);
}

/** A node's raw kubelet settings, which a finding's fix is written on top of. */
export type RawSettings = Pick<AdvisorInput, "kubeletConfig" | "kubeletFlags">;

/** Node findings for every node, plus pool drift across each pool's nodes, built one node at a time so a caller can spread a large fleet over several turns. */
export interface FleetAdvice {
  /** Advises one node and keeps its findings (and its settings, for pool drift). */
  add(node: AdvisorInput & { pool: string | null }): void;
  /** Pool drift across the nodes added, then every finding, sorted. */
  finish(): Finding[];
}

/**
 * Starts a fleet's advice. `write` (the fixes' writer, lib/whatif/advisor-fixes.ts) is applied to
 * each finding of a named node with that node's own settings.
 */
export function fleetAdvice(write: (f: Finding, raw: RawSettings) => Finding = (f) => f): FleetAdvice {
  const members: PoolMember[] = [];
  const out: Finding[] = [];
  return {
    add(n) {
      const raw = { kubeletConfig: n.kubeletConfig, kubeletFlags: n.kubeletFlags };
      for (const f of adviseNode(n)) out.push(n.name === null ? f : write(f, raw));
      const read = readSettings(n.kubeletConfig, n.kubeletFlags);
      if (read.ok && n.name !== null) members.push({ node: n.name, pool: n.pool, config: read.settings.config, raw });
    },
    finish() {
      const rawOf = new Map(members.map((m) => [m.node, m.raw]));
      for (const f of poolDrift(members)) {
        const raw = f.node === null ? undefined : rawOf.get(f.node);
        out.push(raw ? write(f, raw) : f);
      }
      return sortFindings(out);
    },
  };
}

/** The findings a what-if adds and removes, compared by rule and message. */
export function findingsDiff(before: readonly Finding[], after: readonly Finding[]): { added: Finding[]; removed: Finding[] } {
  const key = (f: Finding) => `${f.rule}\u0000${f.node ?? ""}\u0000${f.message}`;
  const had = new Set(before.map(key));
  const has = new Set(after.map(key));
  return { added: after.filter((f) => !had.has(key(f))), removed: before.filter((f) => !has.has(key(f))) };
}
