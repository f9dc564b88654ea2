import { MUTED } from "@/components/ui/styles";
import type { WorstMargin } from "@/lib/contract/dto";
import { formatPercent, formatSignal } from "@/lib/format";

// Colour scale: met → red; < 5 % of capacity left above the threshold → orange; < 15 % → amber; else green.
function tone(m: WorstMargin): string {
  if (m.met) return "bg-red-700 text-white";
  if (m.fraction < 0.05) return "bg-orange-700 text-white";
  if (m.fraction < 0.15) return "bg-amber-200 text-amber-950 dark:bg-amber-700 dark:text-amber-50";
  return "bg-emerald-100 text-emerald-950 dark:bg-emerald-900 dark:text-emerald-100";
}

/** One heat-map cell: the family's smallest margin to a threshold. */
export function MarginCell({ margin }: { margin: WorstMargin | null }) {
  if (!margin)
    return (
      <span className={MUTED} title="No threshold configured or no stats">
        –
      </span>
    );
  const label = `${margin.signal} ${margin.kind}: ${formatSignal(margin.signal, margin.margin)} (${formatPercent(margin.fraction)} of capacity) ${margin.met ? "— threshold met" : "left"}`;
  return (
    <span
      className={`inline-block min-w-16 rounded px-1.5 py-0.5 text-center text-xs tabular-nums ${tone(margin)}`}
      title={label}
      aria-label={label}
    >
      {margin.met ? "MET" : formatPercent(margin.fraction)}
    </span>
  );
}
