// Fleet-wide what-if in the browser: re-run thresholds, allocatable and pressure for every node from
// the overview's compact per-node facts, without a server round trip. Nodes that share a kubelet
// configuration and capacity are computed once.
import { computeAllocatable } from "./eviction/allocatable";
import { thresholdQuantity } from "./eviction/evaluate";
import { type Signal, signalResource } from "./eviction/signals";
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

// One threshold as every row under a configuration checks it, with the usage-growth factor of its
// signal (inode counts do not grow with usage here). Built once per configuration, so the 5 000
// rows only read numbers: no per-row observation maps.
interface Check {
  threshold: Threshold;
  scale: number | undefined;
}

function scaleFor(signal: Signal, scale: WhatIf["usageScale"]): number | undefined {
  const resource = signalResource(signal);
  if (resource === "memory") return scale?.memory;
  if (resource === "pids") return scale?.pid;
  return resource === "ephemeral-storage" ? scale?.["ephemeral-storage"] : undefined;
}

function checksFor(thresholds: readonly Threshold[], scale: WhatIf["usageScale"]): Check[] {
  return thresholds.map((threshold) => ({ threshold, scale: scaleFor(threshold.signal, scale) }));
}

/** Whether a row would be under any pressure: some threshold met (kubelet `thresholdsMet`) on its grown observations. */
function pressureAfter(row: NodeRow, checks: readonly Check[]): boolean {
  for (const { threshold, scale } of checks) {
    const o = row.observations[threshold.signal];
    if (!o) continue;
    const available = scale == null ? o.available : Math.max(0, o.capacity - (o.capacity - o.available) * scale);
    const q = thresholdQuantity(threshold, { available, capacity: o.capacity, time: null }, false);
    if (q != null && q > available) return true;
  }
  return false;
}

/** Applies one what-if to the rows it targets (all rows given) and reports who would be under pressure or over-committed. */
export function fleetWhatIf(overview: Pick<ClusterOverview, "configs">, rows: readonly NodeRow[], whatIf: WhatIf): FleetWhatIfResult {
  const perConfig = new Map<string, { checks: Check[]; config: ReturnType<typeof effectiveConfig> } | Error>();
  const allocCache = new Map<string, number | null>();
  const result: FleetWhatIfResult = { nodes: [], newlyPressured: [], overcommitted: [], errors: [] };
  for (const row of rows) {
    let entry = perConfig.get(row.configId);
    if (!entry) {
      try {
        const c = overview.configs[row.configId];
        const eff = effectiveConfig(c?.kubeletConfig ? readKubeletConfig(c.kubeletConfig) : undefined, c?.kubeletFlags ? parseKubeletFlags(c.kubeletFlags) : undefined, whatIf);
        entry = { config: eff, checks: checksFor(parseThresholds(eff.config, eff.fieldName), whatIf.usageScale) };
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
    const pressureNow = row.conditions.MemoryPressure || row.conditions.DiskPressure || row.conditions.PIDPressure;
    const after = pressureAfter(row, entry.checks);
    const overcommitted = allocMem != null && (row.requested.memory ?? 0) > allocMem;
    result.nodes.push({ name: row.name, pressureNow, pressureAfter: after, allocatableMemoryAfter: allocMem, overcommitted });
    if (after && !pressureNow) result.newlyPressured.push(row.name);
    if (overcommitted) result.overcommitted.push(row.name);
  }
  result.errors = [...new Set(result.errors)];
  return result;
}
