"use client";

import { MUTED } from "@/components/ui/styles";
import type { AnalyzeOutput } from "@/lib/eviction";
import { cn, formatResource } from "@/lib/format";
import { SWAP_SENTENCE } from "@/lib/words/psi";

/** The node's swap in use (and free), and that eviction ignores it; nothing when the kubelet reports no swap stats. */
export function SwapNote({ swap }: { swap: AnalyzeOutput["swap"] }) {
  const n = swap?.node;
  if (!n || n.usageBytes == null) return null;
  const size = (n.usageBytes ?? 0) + (n.availableBytes ?? 0);
  return (
    <p className="text-sm" data-testid="swap-note">
      <span className="font-medium">Swap: </span>
      {size > 0
        ? `${formatResource("memory", n.usageBytes)} in use of ${formatResource("memory", size)}.`
        : "no swap on this node."}{" "}
      <span className={cn("text-xs", MUTED)}>{SWAP_SENTENCE}</span>
    </p>
  );
}
