import { podsThatNoLongerFit, type AnalyzeOutput, type Pod, type Signal } from "@/lib/eviction";

// One node's what-if result, in the form every scope reports it: the node page (node scope) and the
// pool/fleet list build it with the same function from the engine's before/after outputs, so a node
// reads the same wherever it is looked at. Pure: no React, no I/O.

const ALLOCATABLE_SHOWN = ["cpu", "memory", "ephemeral-storage"] as const;

interface PodRef {
  namespace: string;
  name: string;
}

interface EvictedPod extends PodRef {
  qosClass: string;
  /** usage − request on the signal's resource; null without stats or for pids. */
  overRequest: number | null;
  /** What the eviction gives back to the signal. */
  reclaimed: number;
}

export interface EvictionRun {
  signal: Signal;
  pods: EvictedPod[];
  recovered: boolean;
}

export interface NodeOutcome {
  node: string;
  podCount: number;
  /** Pressure conditions as the engine computes them (thresholds met now, soft ones before their grace). */
  pressureBefore: string[];
  pressureAfter: string[];
  /** "memory.available hard", … */
  metBefore: string[];
  metAfter: string[];
  allocatableBefore: Record<string, number>;
  allocatableAfter: Record<string, number>;
  requestedMemory: number;
  /** Pod memory requests above the new memory allocatable (0 = every pod still fits). */
  overBy: number;
  /** Pod-level detail; null when only the node's compact facts were available (fleet rows). */
  pods: { noLongerFit: PodRef[]; evictions: EvictionRun[] } | null;
}

const conditions = (o: AnalyzeOutput) =>
  Object.entries(o.conditions)
    .filter(([, v]) => v)
    .map(([k]) => k);
const met = (o: AnalyzeOutput) => o.signals.flatMap((s) => s.thresholds.filter((t) => t.met).map((t) => `${s.signal} ${t.kind}`));
const shownAllocatable = (o: AnalyzeOutput) =>
  Object.fromEntries(ALLOCATABLE_SHOWN.filter((r) => o.allocatable[r] != null).map((r) => [r, o.allocatable[r]!]));

function evictions(next: AnalyzeOutput): EvictionRun[] {
  const qos = new Map(next.pods.map((p) => [p.uid, p.qosClass]));
  return next.replay.map((r) => {
    const ranking = new Map((next.rankings[r.signal] ?? []).map((row) => [row.uid, row]));
    return {
      signal: r.signal,
      recovered: r.recovered,
      pods: r.evicted.map((e) => {
        const row = ranking.get(e.uid);
        const overRequest = row && row.usage != null && r.signal !== "pid.available" ? row.usage - row.request : null;
        return {
          namespace: e.namespace,
          name: e.name,
          qosClass: qos.get(e.uid) ?? "Unknown",
          overRequest,
          reclaimed: e.reclaimed,
        };
      }),
    };
  });
}

/** Builds a node's what-if outcome from the engine's live and what-if outputs; pod detail only when its pods are given. */
export function nodeOutcome(
  node: string,
  live: AnalyzeOutput,
  next: AnalyzeOutput,
  requestedMemory: number,
  podCount: number,
  pods?: readonly Pod[],
): NodeOutcome {
  const allocatableAfter = shownAllocatable(next);
  const newMemory = allocatableAfter.memory;
  const overBy = newMemory != null && requestedMemory > newMemory ? requestedMemory - newMemory : 0;
  return {
    node,
    podCount,
    pressureBefore: conditions(live),
    pressureAfter: conditions(next),
    metBefore: met(live),
    metAfter: met(next),
    allocatableBefore: shownAllocatable(live),
    allocatableAfter,
    requestedMemory,
    overBy,
    pods: pods
      ? {
          noLongerFit: podsThatNoLongerFit(pods, { memory: requestedMemory }, next.allocatable).pods.map((p) => ({
            namespace: p.metadata?.namespace ?? "default",
            name: p.metadata?.name ?? "",
          })),
          evictions: evictions(next),
        }
      : null,
  };
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Tells whether a what-if changes anything about the node: pressure, thresholds met, allocatable, fit, or evictions. */
export function outcomeChanged(o: NodeOutcome): boolean {
  const allocChanged = ALLOCATABLE_SHOWN.some((r) => o.allocatableBefore[r] !== o.allocatableAfter[r]);
  return (
    !same(o.pressureBefore, o.pressureAfter) ||
    !same(o.metBefore, o.metAfter) ||
    allocChanged ||
    o.overBy > 0 ||
    o.metAfter.length > 0
  );
}

/** Tells whether the node's pods are concerned (some would be evicted or no longer fit): the fleet list fetches those nodes' pods. */
export function concernsPods(o: NodeOutcome): boolean {
  return o.overBy > 0 || o.metAfter.length > 0;
}

/** The node-level part of an outcome (what compact fleet facts can decide), for comparing scopes. */
export function nodeLevel(o: NodeOutcome): Omit<NodeOutcome, "pods"> {
  const { pods: _pods, ...rest } = o;
  return rest;
}
