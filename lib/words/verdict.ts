// What the kubelet does next, in one sentence, from the engine's output: shared by the node page
// (and its embeds) and the CLI's table.
import { type AnalyzeOutput } from "@/lib/eviction";

import { formatPercent, formatSignal } from "../format";

/**
 * One sentence on what the kubelet does next, from the engine's output: the signals acted on and
 * the first pod it would evict, or the signal closest to a threshold and how far it is.
 */
export function verdictOf(out: AnalyzeOutput): { tone: "evicting" | "pressure" | "ok"; text: string } {
  const acted = out.replay.filter((r) => r.evicted.length > 0);
  if (acted.length) {
    const first = acted[0]!;
    const pod = first.evicted[0]!;
    return {
      tone: "evicting",
      text: `${first.signal} is past its threshold: the kubelet evicts ${pod.namespace}/${pod.name} first (${acted.reduce((n, r) => n + r.evicted.length, 0)} pod(s) to recover).`,
    };
  }
  const met = out.signals.filter((s) => s.thresholds.some((t) => t.met));
  if (met.length)
    return {
      tone: "pressure",
      text: `${met.map((s) => s.signal).join(", ")} past a threshold; nothing the kubelet may evict yet.`,
    };
  let closest: { signal: string; kind: string; margin: number; fraction: number } | null = null;
  for (const s of out.signals) {
    for (const t of s.thresholds) {
      const fraction = s.capacity > 0 ? t.margin / s.capacity : Infinity;
      if (!closest || fraction < closest.fraction) closest = { signal: s.signal, kind: t.kind, margin: t.margin, fraction };
    }
  }
  if (!closest) return { tone: "ok", text: "No eviction threshold applies to what this node reports." };
  return {
    tone: "ok",
    text: `No threshold met. Closest: ${closest.signal}, ${formatSignal(closest.signal, closest.margin)} (${formatPercent(closest.fraction)} of capacity) above its ${closest.kind} threshold.`,
  };
}
