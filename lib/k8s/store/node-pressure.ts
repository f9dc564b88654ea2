// Pure: a node's PSI and swap from the engine's output, in the compact form the cache keeps
// between collections (one small object and one six-number array per node, not the engine's
// dozen objects: at 5 000 nodes that is MiBs), read by the row (fleet column), the history's
// counters (node page charts) and /metrics.
import type { NodeRow } from "@/lib/contract/dto";
import type { AnalyzeOutput, PsiAbsence } from "@/lib/eviction";

import type { CounterSample } from "./history";

export interface NodePressure {
  /** The PSI stall totals in µs, in PSI_SERIES order (NaN: not in the Summary); null when PSI is not reported. */
  totals: number[] | null;
  /** Why PSI is not reported; null when it is. */
  absent: PsiAbsence | null;
  memoryFullAvg60: number | null;
  /** Node swap (Summary node.swap); null when the Summary has none. */
  swapUsageBytes: number | null;
  swapAvailableBytes: number | null;
}

/** The six counters, in the order of `NodePressure.totals`. */
export const PSI_SERIES = ["cpu.some", "cpu.full", "memory.some", "memory.full", "io.some", "io.full"] as const;
const PARTS = PSI_SERIES.map((s) => s.split(".") as ["cpu" | "memory" | "io", "some" | "full"]);

/** The node-level part of the engine's psi and swap sections; null without a Summary. */
export function nodePressureOf(out: Pick<AnalyzeOutput, "psi" | "swap"> | null): NodePressure | null {
  const psi = out?.psi?.node;
  if (!psi) return null;
  const swap = out.swap?.node ?? null;
  return {
    totals: psi.reported ? PARTS.map(([r, k]) => psi[r]?.[k].total ?? NaN) : null,
    absent: psi.reported ? null : psi.cause,
    memoryFullAvg60: psi.reported ? (psi.memory?.full.avg60 ?? null) : null,
    swapUsageBytes: swap?.usageBytes ?? null,
    swapAvailableBytes: swap?.availableBytes ?? null,
  };
}

/** The node's cumulative stall counters (µs) as history samples, one per resource and kind. */
export function psiSamples(p: NodePressure | null): CounterSample[] {
  const out: CounterSample[] = [];
  p?.totals?.forEach((value, i) => {
    if (!Number.isNaN(value)) out.push({ name: PSI_SERIES[i]!, value });
  });
  return out;
}

/** The row's pressure figures: memory full avg60 (the fleet column), why PSI is absent, swap used. */
export function rowPressure(p: NodePressure | null): NonNullable<NodeRow["pressure"]> | null {
  if (!p) return null;
  return { memoryFullAvg60: p.memoryFullAvg60, psiAbsent: p.absent, swapUsageBytes: p.swapUsageBytes };
}
