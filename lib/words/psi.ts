// Words for PSI on the page: why a node or pod has none, and the figures as people read them.
import type { PsiAbsence, PsiReport } from "@/lib/eviction/client";

/** The fleet row only carries the cause; the node page has the engine's whole reason. */
export const ABSENCE_SHORT: Record<PsiAbsence, string> = {
  "kubelet-version": "kubelet before 1.33",
  "feature-gate": "KubeletPSI gate off",
  "all-zero": "all-zero counters (no PSI on this node)",
  "not-in-summary": "none in the Summary",
};

/** "Not reported by this kubelet (reason)": never shown as 0. */
export function notReported(r: Extract<PsiReport, { reported: false }>): string {
  return `Not reported by this kubelet (${r.reason})`;
}

export const PSI_SENTENCE =
  "The kubelet does not evict on PSI: its eviction signals are memory, disk and PID availability, and as of Kubernetes 1.36 no PSI signal or node condition exists. " +
  "PSI is still the earliest warning: it counts the time tasks already lose waiting for memory reclaim, I/O or CPU, which rises while memory.available is still above its thresholds.";

export const SWAP_SENTENCE =
  "Eviction ignores swap on this kubelet version: memory.available and the memory ranking read only RAM (node available bytes and pod working sets); swapped-out memory counts for nothing.";
