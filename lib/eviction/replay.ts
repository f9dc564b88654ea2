import type { Threshold } from "./config/thresholds";
import { isMet } from "./evaluate";
import type { Observations } from "./observe";
import type { RankEntry } from "./pods/rank";
import type { Signal } from "./signals";

interface ReplayStep {
  namespace: string;
  name: string;
  uid: string;
  /** What the eviction gives back to the signal: bytes, inodes or processes. */
  reclaimed: number;
}

export interface SignalReplay {
  signal: Signal;
  evicted: ReplayStep[];
  /** True once no threshold on the signal is met with its minimum reclaim added. */
  recovered: boolean;
}

/**
 * Replays the kubelet's loop for one starved signal: one non-critical pod per cycle in rank order,
 * each giving back its usage, until every threshold on the signal that is met now is clear by its min-reclaim.
 */
export function replaySignal(
  signal: Signal,
  thresholds: readonly Threshold[],
  observations: Observations,
  ranked: readonly RankEntry[],
): SignalReplay {
  // Only thresholds met now trigger evictions and so become sticky (re-tested with min-reclaim) next cycle.
  const own = thresholds.filter((t) => t.signal === signal && isMet(t, observations));
  const start = observations[signal];
  const evicted: ReplayStep[] = [];
  if (!start) return { signal, evicted, recovered: true };
  let available = start.available;
  const stillMet = () => own.some((t) => isMet(t, { [signal]: { ...start, available } }, true));
  for (const entry of ranked) {
    if (!stillMet()) break;
    if (entry.facts.critical) continue;
    const reclaimed = Math.max(0, entry.usage);
    evicted.push({ namespace: entry.facts.namespace, name: entry.facts.name, uid: entry.facts.uid, reclaimed });
    available += reclaimed;
  }
  return { signal, evicted, recovered: !stillMet() };
}
