// Fleet-wide what-if in the browser: re-run thresholds, allocatable and pressure for every node from
// the overview's compact per-node facts, without a server round trip. Nodes that share a kubelet
// configuration and capacity are computed once.
import { computeAllocatable } from "./eviction/allocatable";
import { nodeConditions, thresholdsMet } from "./eviction/evaluate";
import type { Observations } from "./eviction/observe";
import { type Signal, isSignal } from "./eviction/signals";
import { type Threshold, effectiveConfig, parseKubeletFlags, parseThresholds, readKubeletConfig } from "./eviction/thresholds";
import type { WhatIf } from "./eviction/types";
import type { ClusterOverview, NodeRow } from "./dto";

export interface FleetWhatIfNode {
  name: string;
  pressureNow: boolean;
  pressureAfter: boolean;
  allocatableMemoryAfter: number | null;
  /** Pod memory requests exceed the new allocatable. */
  overcommitted: boolean;
}

export interface FleetWhatIfResult {
  nodes: FleetWhatIfNode[];
  newlyPressured: string[];
  overcommitted: string[];
  errors: string[];
}

function capacityList(row: NodeRow): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(row.capacity)) out[k] = k === "cpu" ? `${v}m` : String(v);
  return out;
}

function scaled(row: NodeRow, scale: WhatIf["usageScale"]): Observations {
  const out: Observations = {};
  for (const [signal, o] of Object.entries(row.observations)) {
    if (!isSignal(signal)) continue;
    const s = signal.startsWith("memory") || signal.startsWith("allocatable") ? scale?.memory : signal === "pid.available" ? scale?.pid : signal.endsWith(".available") ? scale?.["ephemeral-storage"] : undefined;
    const available = s == null ? o.available : Math.max(0, o.capacity - (o.capacity - o.available) * s);
    out[signal as Signal] = { available, capacity: o.capacity, time: null };
  }
  return out;
}

/** Applies one what-if to the rows it targets (all rows given) and reports who would be under pressure or over-committed. */
export function fleetWhatIf(overview: Pick<ClusterOverview, "configs">, rows: readonly NodeRow[], whatIf: WhatIf): FleetWhatIfResult {
  const perConfig = new Map<string, { thresholds: Threshold[]; config: ReturnType<typeof effectiveConfig> } | Error>();
  const allocCache = new Map<string, number | null>();
  const result: FleetWhatIfResult = { nodes: [], newlyPressured: [], overcommitted: [], errors: [] };
  for (const row of rows) {
    let entry = perConfig.get(row.configId);
    if (!entry) {
      try {
        const c = overview.configs[row.configId];
        const eff = effectiveConfig(c?.kubeletConfig ? readKubeletConfig(c.kubeletConfig) : undefined, c?.kubeletFlags ? parseKubeletFlags(c.kubeletFlags) : undefined, whatIf);
        entry = { config: eff, thresholds: parseThresholds(eff.config, eff.fieldName) };
      } catch (e) {
        entry = e as Error;
        result.errors.push((e as Error).message);
      }
      perConfig.set(row.configId, entry);
    }
    if (entry instanceof Error) continue;
    const capKey = `${row.configId}|${row.capacity.memory}|${row.capacity["hugepages-2Mi"] ?? 0}|${row.capacity["hugepages-1Gi"] ?? 0}`;
    let allocMem = allocCache.get(capKey);
    if (allocMem === undefined) {
      try {
        allocMem = computeAllocatable(capacityList(row), entry.config.config, entry.config.fieldName).allocatable.memory ?? null;
      } catch (e) {
        result.errors.push((e as Error).message);
        allocMem = null;
      }
      allocCache.set(capKey, allocMem);
    }
    const after = nodeConditions(thresholdsMet(entry.thresholds, scaled(row, whatIf.usageScale)));
    const pressureNow = row.conditions.MemoryPressure || row.conditions.DiskPressure || row.conditions.PIDPressure;
    const pressureAfter = after.MemoryPressure || after.DiskPressure || after.PIDPressure;
    const overcommitted = allocMem != null && (row.requested.memory ?? 0) > allocMem;
    result.nodes.push({ name: row.name, pressureNow, pressureAfter, allocatableMemoryAfter: allocMem, overcommitted });
    if (pressureAfter && !pressureNow) result.newlyPressured.push(row.name);
    if (overcommitted) result.overcommitted.push(row.name);
  }
  result.errors = [...new Set(result.errors)];
  return result;
}
