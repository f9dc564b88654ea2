// Counts the kubelet evictions Headroom sees happen, for `headroom_evictions_observed_total`.
// Events live about an hour in the API server; a counter scraped by Prometheus keeps the
// timeline (node, namespace, owning workload, signal) for as long as Prometheus keeps data.
//
// Only evictions that arrive after the informers' first list are counted: what the first list
// shows happened before this process started and was already counted by the previous one (a
// restart would otherwise count it twice, since Prometheus reads a counter that falls as a
// reset and adds the new value). Evictions during an outage of Headroom are therefore not
// counted; the node page still lists them from the API server while their Events last.
import { byEvictionPriority, parseEvictionMessage, signalResource, type SignalReport } from "@/lib/eviction";

/** One observed eviction's labels. */
export interface EvictionLabels {
  node: string;
  namespace: string;
  workload_kind: string;
  workload: string;
  signal: string;
}

/**
 * The signal an eviction was for. The kubelet's message names only the starved resource
 * ("low on resource: memory"), so the signal is the one Headroom saw met on that node for that
 * resource, first in the kubelet's order; "unknown" when none was met in Headroom's last view.
 */
export function evictionSignal(message: string, signals: readonly SignalReport[] | null): string {
  const resource = parseEvictionMessage(message)?.resource;
  if (!resource || !signals) return "unknown";
  const met = signals.flatMap((s) => s.thresholds.filter((t) => t.met).map(() => ({ signal: s.signal })));
  const match = byEvictionPriority(met).find((t) => signalResource(t.signal) === resource);
  return match?.signal ?? "unknown";
}

// Two sources report one eviction (the pod's status and its Event), seconds apart.
const SAME_EVICTION_MS = 120_000;
const FORGET_AFTER_MS = 3 * 3600_000;

/** Per-process counts of observed evictions by label set. */
export class EvictionTally {
  private readonly counts = new Map<string, { labels: EvictionLabels; value: number }>();
  private readonly seen = new Map<string, number>();

  /** Counts an eviction of `namespace/pod` seen at `at` (ms) unless it was already counted. */
  observe(pod: string, labels: EvictionLabels, at: number): boolean {
    const id = `${labels.namespace}/${pod}`;
    const last = this.seen.get(id);
    this.seen.set(id, at);
    if (last !== undefined && Math.abs(at - last) < SAME_EVICTION_MS) return false;
    const key = [labels.node, labels.namespace, labels.workload_kind, labels.workload, labels.signal].join("\u0000");
    const entry = this.counts.get(key) ?? { labels, value: 0 };
    entry.value++;
    this.counts.set(key, entry);
    this.forget(at);
    return true;
  }

  private forget(now: number): void {
    if (this.seen.size < 1024) return;
    for (const [id, t] of this.seen) if (now - t > FORGET_AFTER_MS) this.seen.delete(id);
  }

  /** Every label set counted so far with its count. */
  entries(): { labels: EvictionLabels; value: number }[] {
    return [...this.counts.values()];
  }
}
