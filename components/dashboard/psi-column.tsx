"use client";

// The fleet's "memory full avg60" column: the share of the last minute in which every non-idle
// task on the node stalled on memory (PSI), sortable; a node whose kubelet reports no PSI says so.
import { MUTED } from "@/components/ui/styles";
import type { FleetRow } from "@/lib/contract/dto";
import { cn, formatStall } from "@/lib/format";
import { ABSENCE_SHORT } from "@/lib/words/psi";

/** The cell: "3.21%", or "not reported" with the cause in its title. */
export function PsiCell({ r }: { r: FleetRow }) {
  const p = r.pressure;
  if (!p)
    return (
      <span className={MUTED} data-testid="psi-cell">
        –
      </span>
    );
  if (p.psiAbsent) {
    return (
      <span
        className={cn("text-xs", MUTED)}
        data-testid="psi-cell"
        title={`Not reported by this kubelet (${ABSENCE_SHORT[p.psiAbsent]})`}
      >
        not reported
      </span>
    );
  }
  const v = p.memoryFullAvg60;
  return (
    <span
      data-testid="psi-cell"
      className={cn(
        "tabular-nums",
        v != null && v >= 10 && "font-semibold text-red-700 dark:text-red-400",
        v != null && v >= 1 && v < 10 && "text-amber-800 dark:text-amber-300",
      )}
    >
      {formatStall(v)}
    </span>
  );
}
