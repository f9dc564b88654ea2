// Pure: a node's PSI and swap from the engine's output, in the forms the cache keeps: the row's
// few figures (fleet column), the history's counters (node page charts) and /metrics.
import type { NodeRow } from "@/lib/dto";
import type { AnalyzeOutput, PsiAbsence, PsiReport, SwapFigures } from "@/lib/eviction";

import type { SignalSample } from "./history";

export interface NodePressure {
  psi: PsiReport;
  swap: SwapFigures | null;
}

/** The node-level part of the engine's psi and swap sections; null without a Summary. */
export function nodePressureOf(out: Pick<AnalyzeOutput, "psi" | "swap"> | null): NodePressure | null {
  return out?.psi ? { psi: out.psi.node, swap: out.swap?.node ?? null } : null;
}

const PSI_SERIES = ["cpu.some", "cpu.full", "memory.some", "memory.full", "io.some", "io.full"] as const;

/** The node's cumulative stall counters (µs) as history samples, one per resource and kind. */
export function psiSamples(p: NodePressure | null): SignalSample[] {
  if (!p?.psi.reported) return [];
  const out: SignalSample[] = [];
  for (const name of PSI_SERIES) {
    const [r, k] = name.split(".") as ["cpu" | "memory" | "io", "some" | "full"];
    const total = p.psi[r]?.[k].total;
    if (total != null) out.push({ signal: name, available: total, capacity: 0 }); // a counter has no capacity
  }
  return out;
}

/** The row's pressure figures: memory full avg60 (the fleet column), why PSI is absent, swap used. */
export function rowPressure(p: NodePressure | null): NonNullable<NodeRow["pressure"]> | null {
  if (!p) return null;
  const absent: PsiAbsence | null = p.psi.reported ? null : p.psi.cause;
  const memoryFullAvg60 = p.psi.reported ? (p.psi.memory?.full.avg60 ?? null) : null;
  return { memoryFullAvg60, psiAbsent: absent, swapUsageBytes: p.swap?.usageBytes ?? null };
}
