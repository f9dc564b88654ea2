// Pool- and fleet-wide what-if in the browser. Every node goes through the engine's own `analyze`,
// exactly as the node page runs it, on a compact input rebuilt from its overview row: capacity, its
// kubelet configuration and a node-level Summary holding the row's observations. Pods do not change
// the node-level observations, so pressure, thresholds met and allocatable come out as the node page
// computes them (the kubepods resize of a reserved change included); pod-level detail (who is
// evicted, who no longer fits) needs the node's pods and comes from its node document.
import {
  analyze,
  DEFAULT_FEATURE_GATES,
  formatMilli,
  formatQuantity,
  type AnalyzeInput,
  type AnalyzeOutput,
  type Summary,
  type WhatIf,
} from "@/lib/eviction";

import type { ClusterOverview, NodeRow } from "../contract/dto";
import { asReported } from "./node";
import { nodeOutcome, outcomeChanged, type NodeOutcome } from "./outcome";

type Configs = ClusterOverview["configs"];
type Obs = NodeRow["observations"];

export interface FleetWhatIfResult {
  /** Nodes the what-if was applied to. */
  size: number;
  /** Outcomes of the nodes whose state changes, in row order. */
  changed: NodeOutcome[];
  /** Nodes without observations (collection failed or pending): not evaluated. */
  withoutStats: string[];
  errors: string[];
}

// Capacity back in the kubelet's own notation (Ki for byte amounts, as node status reports them), so
// an engine message such as "capacity of 4015800Ki" reads the same in every scope.
function capacityList(row: NodeRow): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(row.capacity))
    out[k] =
      k === "cpu"
        ? formatMilli(v)
        : Number.isInteger(v) && v % 1024 === 0 && v > 0 && k !== "pods"
          ? formatQuantity(v, "BinarySI")
          : String(v);
  return out;
}

function memory(o: Obs[string] | undefined) {
  return o && { availableBytes: o.available, workingSetBytes: o.capacity - o.available };
}

function fs(bytes: Obs[string] | undefined, inodes: Obs[string] | undefined) {
  if (!bytes && !inodes) return undefined;
  return {
    capacityBytes: bytes?.capacity,
    availableBytes: bytes?.available,
    usedBytes: bytes && bytes.capacity - bytes.available,
    inodes: inodes?.capacity,
    inodesFree: inodes?.available,
  };
}

/** Rebuilds the node-level Summary whose observations (observeSignals) are exactly the row's. */
export function summaryFromObservations(obs: Obs): Summary {
  const pods = memory(obs["allocatableMemory.available"]);
  const pid = obs["pid.available"];
  const imageFs = fs(obs["imagefs.available"], obs["imagefs.inodesFree"]);
  const containerFs = fs(obs["containerfs.available"], obs["containerfs.inodesFree"]);
  return {
    node: {
      memory: memory(obs["memory.available"]),
      systemContainers: pods ? [{ name: "pods", memory: pods }] : [],
      fs: fs(obs["nodefs.available"], obs["nodefs.inodesFree"]),
      runtime: imageFs || containerFs ? { imageFs, containerFs } : undefined,
      rlimit: pid && { maxpid: pid.capacity, curproc: pid.capacity - pid.available },
    },
    pods: [],
  } as Summary;
}

// A row's compact input (without the what-if) is built once; rows are replaced when the overview is refetched.
const baseOf = new WeakMap<NodeRow, AnalyzeInput>();

/** Builds the engine input for one overview row (no pods): what the fleet scope analyzes per node. */
function compactInput(row: NodeRow, configs: Configs, whatIf: WhatIf): AnalyzeInput {
  let base = baseOf.get(row);
  if (!base) {
    base = baseInput(row, configs);
    baseOf.set(row, base);
  }
  return { ...base, whatIf };
}

function baseInput(row: NodeRow, configs: Configs): AnalyzeInput {
  const c = configs[row.configId];
  return {
    node: { metadata: { name: row.name }, status: { capacity: capacityList(row) } },
    pods: [],
    summary: summaryFromObservations(row.observations),
    kubeletConfig: c?.kubeletConfig ?? undefined,
    kubeletFlags: c?.kubeletFlags ?? undefined,
    featureGates: DEFAULT_FEATURE_GATES,
    whatIf: {},
    nowMs: null,
  };
}

// A row's live analysis does not depend on the what-if; rows are replaced when the overview is refetched.
const liveOf = new WeakMap<NodeRow, AnalyzeOutput>();

/** Runs the what-if on one row with the engine; throws the engine's error (it names the field). */
function rowOutcome(row: NodeRow, configs: Configs, whatIf: WhatIf): NodeOutcome {
  let live = liveOf.get(row);
  if (!live) {
    live = analyze(compactInput(row, configs, {}));
    liveOf.set(row, live);
  }
  const next = analyze(compactInput(row, configs, whatIf));
  return asReported(nodeOutcome(row.name, live, next, row.requested.memory ?? 0, row.podCount), row);
}

/** Applies one what-if to the given rows, `yieldEvery` ms at a time (awaiting `pause` between slices), unless `signal` aborts. */
export async function fleetWhatIf(
  overview: Pick<ClusterOverview, "configs">,
  rows: readonly NodeRow[],
  whatIf: WhatIf,
  opts: { signal?: AbortSignal; yieldEvery?: number; pause?: () => Promise<void> } = {},
): Promise<FleetWhatIfResult | null> {
  const result: FleetWhatIfResult = { size: rows.length, changed: [], withoutStats: [], errors: [] };
  const errors = new Set<string>();
  const budget = opts.yieldEvery ?? Infinity;
  let sliceStart = performance.now();
  for (const row of rows) {
    if (performance.now() - sliceStart > budget) {
      await (opts.pause ?? (() => new Promise<void>((r) => setTimeout(r, 0))))();
      if (opts.signal?.aborted) return null;
      sliceStart = performance.now();
    }
    if (Object.keys(row.observations).length === 0) {
      result.withoutStats.push(row.name);
      continue;
    }
    try {
      const o = rowOutcome(row, overview.configs, whatIf);
      if (outcomeChanged(o)) result.changed.push(o);
    } catch (e) {
      errors.add((e as Error).message);
    }
  }
  result.errors = [...errors];
  return result;
}
