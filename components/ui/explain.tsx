// Short explanations in the product's own words, shown on hover and to screen readers.
import { HOUSEKEEPING_INTERVAL_SECONDS } from "@/lib/eviction/client";

const TERMS: Record<string, string> = {
  allocatable:
    "Allocatable is what the scheduler may hand out: capacity minus kube-reserved, system-reserved and the hard eviction threshold for memory and nodefs. The kubelet keeps the rest for itself, the OS and as a buffer before it starts evicting.",
  "memory.available": `memory.available is the node's memory minus its working set (usage minus inactive file cache), as the kubelet reads it from cgroups every ${HOUSEKEEPING_INTERVAL_SECONDS} s. It is not "free" and not usage/capacity.`,
  "allocatableMemory.available":
    "The same measure for the kubepods cgroup only: the pods' limit (capacity − kube-reserved − system-reserved) minus what pods use. It catches pods eating into the eviction reserve.",
  margin: `Margin is available minus the threshold. Below zero the threshold is met: a hard threshold evicts within one ${HOUSEKEEPING_INTERVAL_SECONDS} s cycle; a soft one after its grace period.`,
  ranking:
    "Order the kubelet would evict in if this signal crossed its threshold: pods using more than they request first, then lower priority, then the largest use above request. QoS class does not decide the order. Critical and static pods stay listed but are never evicted.",
  oom: "oom_score_adj decides who the Linux OOM killer picks when memory runs out before the kubelet reacts: 1000 (BestEffort) first, −997 (Guaranteed) last.",
};

/** An info marker that explains a concept on hover or focus. */
export function Explain({ term }: { term: keyof typeof TERMS | string }) {
  const text = TERMS[term];
  if (!text) return null;
  return (
    <span
      tabIndex={0}
      className="ml-1 cursor-help align-super text-xs text-blue-600 dark:text-blue-300"
      title={text}
      aria-label={text}
      role="note"
    >
      ?
    </span>
  );
}
