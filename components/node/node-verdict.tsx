import type { AnalyzeOutput } from "@/lib/eviction/types";
import { verdictOf } from "@/lib/verdict";

const TONE = {
  evicting: "border-red-600 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-50",
  pressure: "border-amber-600 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50",
  ok: "border-emerald-600 bg-emerald-50 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50",
} as const;

/**
 * The verdict as a callout (embeds lead with it). `reported`: pressure conditions the node itself
 * reports; the kubelet keeps one for its transition period after the signal recovered.
 */
export function NodeVerdict({ out, reported = [] }: { out: AnalyzeOutput; reported?: string[] }) {
  let v = verdictOf(out);
  const lingering = reported.filter((c) => !(out.conditions as Record<string, boolean>)[c]);
  if (v.tone === "ok" && lingering.length) {
    v = { tone: "pressure", text: `${v.text} The node still reports ${lingering.join(", ")}: the kubelet keeps it for evictionPressureTransitionPeriod (5m by default) after the last crossing.` };
  }
  return (
    <p data-testid="node-verdict" className={`rounded border-l-4 px-3 py-2 text-sm ${TONE[v.tone]}`}>
      {v.text}
    </p>
  );
}
