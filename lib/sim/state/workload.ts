// Usage curves evaluated at a pod's age. Time is pod-relative, so a leaking pod's replacement
// leaks again from the start; noise is a hash of (seed, pod, 10 s bucket), so a run is repeatable.
import type { Curve } from "./scenario";
import { bytes, hash01, millis } from "./units";

export type UsageKind = "cpu" | "memory" | "rootfs" | "logs" | "processes" | "volume";

const parse = (kind: UsageKind, q: string) => (kind === "cpu" ? millis(q) : kind === "processes" ? Number(q) : bytes(q));

/** A curve compiled to numbers once, so evaluating 150 000 pods stays cheap. */
export interface CompiledCurve {
  from: number;
  to: number;
  over: number;
  after: number;
  jitter: number;
  /** Seconds after which the curve starts again (0 = never). */
  period: number;
}

/** Compiles a curve spec into numbers in the kind's unit (bytes, millicores, count). */
export function compileCurve(kind: UsageKind, c: Curve | undefined): CompiledCurve {
  if (c === undefined) return { from: 0, to: 0, over: 1, after: 0, jitter: 0, period: 0 };
  if (typeof c === "string") {
    const v = parse(kind, c);
    return { from: v, to: v, over: 1, after: 0, jitter: 0, period: 0 };
  }
  return {
    from: parse(kind, c.from),
    to: parse(kind, c.to),
    over: c.over,
    after: c.after,
    jitter: c.jitter,
    period: c.period ?? 0,
  };
}

/** Tells whether the curve changes over time (the node needs an eviction check every cycle). */
export function isDynamic(c: CompiledCurve): boolean {
  return c.from !== c.to || c.jitter > 0;
}

/** Evaluates a curve `ageSeconds` into the pod's life; `noiseKey` seeds the jitter. */
export function valueAt(c: CompiledCurve, ageSeconds: number, noiseKey: string): number {
  const age = c.period > 0 ? ageSeconds % c.period : ageSeconds;
  const t = Math.min(1, Math.max(0, (age - c.after) / c.over));
  let v = c.from + (c.to - c.from) * t;
  if (c.jitter > 0) v *= 1 + c.jitter * (2 * hash01(`${noiseKey}@${Math.floor(ageSeconds / 10)}`) - 1);
  return Math.max(0, Math.round(v));
}

/** Rounds bytes down to a 4 KiB page, as cgroup and filesystem counters are. */
export function page(n: number): number {
  return Math.floor(n / 4096) * 4096;
}
