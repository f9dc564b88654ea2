// The batch-cycle ride-out: a soft threshold crossed by fills that turn back before its grace
// ends evicts nothing (the kubelet needs it met for the whole grace), so no eviction is projected
// for it while the current fill stays on the earlier fills' course. docs/forecast.md §3.
import type { SignalReport } from "@/lib/eviction";

import type { BatchCycle } from "./cycle";

/** A batch cycle whose fills cross the soft threshold for less than its grace, so the kubelet never evicts for it. */
export interface RideOut {
  /** Earlier fills compared. */
  fills: number;
  /** The longest any of them stayed below the soft threshold (s, rounded up to a collection interval). */
  longestSeconds: number;
  graceSeconds: number;
}

/**
 * A batch cycle that crosses the soft threshold and turns back before its grace ends: each of the
 * earlier fills (whose courses are known) stayed below it for less than the grace, none reached
 * the hard threshold, and this fill is on their course and, if below already, not for longer than
 * they were. The kubelet evicts for a soft threshold only when it stays met for the whole grace
 * (pkg/kubelet/eviction/helpers.go thresholdsMetGracePeriod, called from eviction_manager.go
 * synchronize), so such a fill evicts nothing.
 */
export function rideOutOf(
  s: SignalReport,
  cycle: BatchCycle | null,
  grace: number | null,
  metForSeconds: number | null,
): RideOut | null {
  const soft = s.thresholds.find((t) => t.kind === "soft");
  if (!cycle?.sameCourse || !soft || grace == null) return null;
  const hard = s.thresholds.find((t) => t.kind === "hard");
  if (hard && !(cycle.expectedTurn > s.available - hard.margin)) return null;
  const longest = cycle.longestBelow(s.available - soft.margin);
  if (longest === 0 || longest >= grace) return null;
  if (metForSeconds != null && metForSeconds > longest) return null;
  return { fills: cycle.fills, longestSeconds: longest, graceSeconds: grace };
}
