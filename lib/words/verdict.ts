// What the kubelet does next, in one sentence, from the engine's output alone (no history): the CLI's
// table and the /analyze page. Its no-pressure sentence is the node page's live verdict's (standing.ts).
import { marginFraction, type AnalyzeOutput } from "@/lib/eviction/client";

import { noPressureSentence, type ClosestThreshold } from "./standing";

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
  let closest: ClosestThreshold | null = null;
  for (const s of out.signals) {
    for (const t of s.thresholds) {
      // no capacity: never the closest threshold
      const fraction = marginFraction(t.margin, s.capacity);
      if (fraction != null && (!closest || fraction < closest.fraction)) closest = { signal: s.signal, fraction };
    }
  }
  return { tone: "ok", text: noPressureSentence(closest) };
}
