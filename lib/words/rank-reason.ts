// Plain-language reasons for a pod's place in a kubelet eviction ranking.
import type { PodReport, RankingRow } from "@/lib/eviction/client";
import { formatSignal } from "@/lib/format";

/** Explains why a pod sits where it does in the ranking for a signal. */
export function rankReason(signal: string, row: RankingRow, pod: PodReport | undefined, critical: boolean): string {
  const parts: string[] = [];
  if (critical) parts.push("critical or static pod: ranked, but the kubelet never evicts it");
  if (row.usage == null) {
    parts.push("no stats from the kubelet: pods it cannot measure go first");
    return parts.join("; ");
  }
  if (signal === "pid.available") {
    parts.push(`priority ${row.priority}`, `${row.usage} processes`);
    return parts.join("; ");
  }
  const above = row.usage - row.request;
  if (row.exceedsRequest) parts.push(`uses ${formatSignal(signal, above)} more than it requests: over-request pods go first`);
  else parts.push("within its request: considered after every pod over its request");
  parts.push(`priority ${row.priority}${row.priority === 0 ? " (default)" : ""}`);
  if (pod) parts.push(`${pod.qosClass} (QoS does not change the order)`);
  return parts.join("; ");
}
