"use client";

// Per-pod PSI (and swap) in the eviction-order table: memory and io `some` avg10 of the pod's
// cgroup, so the pod that stalls most stands out beside the kubelet's order.
import { MUTED } from "@/components/ui/styles";
import type { AnalyzeOutput, PsiReport, SwapFigures } from "@/lib/eviction";
import { cn, formatResource, formatStall } from "@/lib/format";

export interface PodPressure {
  psi?: PsiReport;
  swap?: SwapFigures;
}

/** Pod PSI and swap by uid, from the engine's sections. */
export function podPressureByUid(result: AnalyzeOutput): Map<string, PodPressure> {
  const out = new Map<string, PodPressure>();
  for (const p of result.psi?.pods ?? []) out.set(p.uid, { psi: p.psi });
  for (const p of result.swap?.pods ?? []) out.set(p.uid, { ...out.get(p.uid), swap: p });
  return out;
}

/** "mem 38.25%", "io 0.12%" (and "swap 12Mi") on lines of their own, or "not reported" with the reason as its title. */
export function PodPressureCell({ p, memory }: { p: PodPressure | undefined; memory: boolean }) {
  const psi = p?.psi;
  const swap =
    memory && p?.swap?.usageBytes ? (
      <span className="block whitespace-nowrap text-xs" data-testid="pod-swap">
        swap {formatResource("memory", p.swap.usageBytes)}
      </span>
    ) : null;
  if (!psi) return <span className={MUTED}>–{swap}</span>;
  if (!psi.reported) {
    return (
      <span className={cn("text-xs", MUTED)} title={`Not reported by this kubelet (${psi.reason})`} data-testid="pod-psi">
        not reported{swap}
      </span>
    );
  }
  const mem = psi.memory?.some.avg10;
  return (
    <span className="block whitespace-nowrap text-xs tabular-nums" data-testid="pod-psi">
      <span className={cn("block", mem != null && mem >= 10 && "font-semibold text-red-700 dark:text-red-400")}>
        mem {formatStall(mem)}
      </span>
      <span className="block">io {formatStall(psi.io?.some.avg10)}</span>
      {swap}
    </span>
  );
}
