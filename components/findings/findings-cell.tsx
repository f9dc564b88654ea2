import { MUTED } from "@/components/ui/styles";
import type { FleetRow } from "@/lib/contract/dto";
import { cn } from "@/lib/format";

function plural(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? "" : "s"}`;
}

/** The fleet table's findings column: the advisor's findings on the node by severity, as the row carries them. */
export function FindingsCell({ r }: { r: FleetRow }) {
  const f = r.findings;
  if (!f) return <span className={MUTED}>–</span>;
  if (f.error + f.warning === 0) return <span className={MUTED}>{f.info ? `${f.info} info` : "none"}</span>;
  return (
    <span className={cn("text-xs", f.error > 0 && "font-semibold text-red-800 dark:text-red-300")} data-testid="findings-cell">
      {[f.error > 0 && plural(f.error, "error"), f.warning > 0 && plural(f.warning, "warning")].filter(Boolean).join(", ")}
    </span>
  );
}
