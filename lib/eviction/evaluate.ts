import { resolveThreshold, type Threshold } from "./config/thresholds";
import type { Observation, Observations } from "./observe";
import { signalCondition, type Signal } from "./signals";

/** Resolves a threshold to the quantity the kubelet compares with `available` (+ min-reclaim when enforced). */
export function thresholdQuantity(t: Threshold, obs: Observation, enforceMinReclaim: boolean): number | null {
  if (!t.value) return null;
  let q = resolveThreshold(t.value, obs.capacity);
  if (enforceMinReclaim && t.minReclaim) q += resolveThreshold(t.minReclaim, obs.capacity);
  return q;
}

/** Tells whether a threshold is met: strictly `quantity > available`; no observation or no value is never met. */
export function isMet(t: Threshold, observations: Observations, enforceMinReclaim = false): boolean {
  const obs = observations[t.signal];
  if (!obs) return false;
  const q = thresholdQuantity(t, obs, enforceMinReclaim);
  return q != null && q > obs.available;
}

/** Keeps the thresholds that are met for these observations (kubelet `thresholdsMet`). */
export function thresholdsMet(ts: readonly Threshold[], observations: Observations, enforceMinReclaim = false): Threshold[] {
  return ts.filter((t) => isMet(t, observations, enforceMinReclaim));
}

export type PressureConditions = { MemoryPressure: boolean; DiskPressure: boolean; PIDPressure: boolean };

/** Maps met thresholds (hard or soft, grace ignored) to the node conditions they raise. */
export function nodeConditions(met: readonly Threshold[]): PressureConditions {
  const out: PressureConditions = { MemoryPressure: false, DiskPressure: false, PIDPressure: false };
  for (const t of met) out[signalCondition(t.signal)] = true;
  return out;
}

/** Keeps met thresholds whose grace period has elapsed since first observed (kubelet `thresholdsMetGracePeriod`). */
export function thresholdsMetGracePeriod(
  met: readonly Threshold[],
  firstObservedAt: ReadonlyMap<Threshold, number>,
  nowMs: number,
): Threshold[] {
  return met.filter((t) => {
    const first = firstObservedAt.get(t);
    return first != null && nowMs - first >= t.gracePeriodSeconds * 1000;
  });
}

const MEMORY_SIGNALS: ReadonlySet<Signal> = new Set(["memory.available", "allocatableMemory.available"]);

/**
 * Orders met thresholds the way the kubelet picks the one to act on: memory first; among the
 * rest the input order stays. Go's comparator is not a strict order for two memory thresholds
 * and its insertion sort reverses them; we keep input order there and call that out as ambiguous.
 */
export function byEvictionPriority<T extends Pick<Threshold, "signal">>(met: readonly T[]): T[] {
  const memory = met.filter((t) => MEMORY_SIGNALS.has(t.signal));
  const rest = met.filter((t) => !MEMORY_SIGNALS.has(t.signal));
  return [...memory, ...rest];
}
