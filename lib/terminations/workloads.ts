// Pure: the fleet's terminations grouped by owning workload, repeat offenders first, each with
// the fix suggested in words from what its terminations show.
import type { Termination, TerminationCause } from "@/lib/contract/termination";
import { formatBytes } from "@/lib/format";

export interface WorkloadTerminations {
  namespace: string;
  kind: string;
  name: string;
  count: number;
  byCause: Partial<Record<TerminationCause, number>>;
  /** Newest termination time (ISO), or null when none has a time. */
  last: string | null;
  nodes: string[];
  /** Newest first. */
  terminations: Termination[];
  suggestions: string[];
}

/** Two or more terminations of one workload make it a repeat offender. */
export const REPEAT_AT = 2;

/** A node's allocatable by resource name ("memory", "ephemeral-storage"), in bytes; undefined when unknown. */
export type AllocatableOf = (node: string) => Readonly<Record<string, number>> | undefined;

/** A request larger than this share of the node's allocatable is no request: it would reserve most of a node for one pod. */
const MAX_REQUEST_SHARE = 0.5;

/** What to do instead of a request a node cannot hold: a limit, the leak, a pool of bigger nodes. */
function insteadOfRequest(name: string, resource: string, peak: number, allocatable: number, node: string): string {
  const limit =
    resource === "memory"
      ? "a memory limit (the kernel then restarts the container at it instead of the node coming under pressure)"
      : `an ${resource} limit (the kubelet then evicts this pod alone when it passes it, before the node is short)`;
  const share = peak > allocatable ? "more than" : `${Math.round((peak / allocatable) * 100)}% of`;
  return `Container ${name} reached ${formatBytes(peak)} of ${resource}, ${share} the ${formatBytes(allocatable)} allocatable of ${node}: no request can hold that. Set ${limit}, fix what grows, or run it in a pool of bigger nodes.`;
}

// Evicted again and again far above its request: usage that grows until the kubelet steps in.
const LEAK_FACTOR = 2;
function leaks(evictions: readonly Termination[]): boolean {
  if (evictions.length < REPEAT_AT) return false;
  return evictions.every((t) => (t.containers ?? []).some((c) => c.usage >= LEAK_FACTOR * Math.max(c.request, 1)));
}

function suggest(w: Omit<WorkloadTerminations, "suggestions">, allocatableOf: AllocatableOf): string[] {
  const out: string[] = [];
  const evictions = w.terminations.filter((t) => t.cause === "kubelet-eviction");
  // Request at the observed peak: the highest usage the kubelet's messages reported per container,
  // with the node it was evicted from (a request is only advice when that node could hold it).
  const peak = new Map<string, { usage: number; request: number; node: string | null; resource: string }>();
  for (const t of evictions) {
    for (const c of t.containers ?? []) {
      const p = peak.get(c.name);
      if (!p || c.usage > p.usage)
        peak.set(c.name, { usage: c.usage, request: c.request, node: t.node, resource: t.resource ?? "memory" });
    }
  }
  let tooBig = false;
  for (const [name, p] of peak) {
    const allocatable = p.node ? allocatableOf(p.node)?.[p.resource] : undefined;
    if (allocatable != null && allocatable > 0 && p.usage > MAX_REQUEST_SHARE * allocatable) {
      tooBig = true;
      out.push(insteadOfRequest(name, p.resource, p.usage, allocatable, p.node!));
      continue;
    }
    out.push(
      `Set the ${p.resource} request of container ${name} to its observed peak, ${formatBytes(p.usage)} (now ${p.request ? formatBytes(p.request) : "none"}): the kubelet evicts pods above their request first.`,
    );
  }
  const leaking = leaks(evictions);
  if (leaking)
    out.push(
      `It was evicted ${evictions.length} times, each time at ${LEAK_FACTOR}× its request or more: that looks like a leak. Set a limit and fix what grows; a higher priority would only make the kubelet evict its neighbours first.`,
    );
  // a PriorityClass protects a pod that uses more than it requests for a while, not one that grows without end
  if (!leaking && !tooBig && evictions.length && evictions.every((t) => (t.priority ?? 0) <= 0)) {
    out.push("Give it a PriorityClass: it runs at priority 0, so among pods over their request it goes first.");
  }
  const ooms = w.terminations.filter((t) => t.cause === "oom-killed");
  for (const container of new Set(ooms.map((t) => t.container ?? "?"))) {
    const mine = ooms.filter((t) => (t.container ?? "?") === container);
    const limit = mine.find((t) => t.limit != null)?.limit;
    out.push(
      limit != null
        ? `Raise the memory limit of container ${container} above ${formatBytes(limit)} (OOM-killed at it ${mine.length} time${mine.length > 1 ? "s" : ""}), or find what grows.`
        : `Set a memory limit on container ${container} with a request to match: without one, the kernel picks it when the node runs out.`,
    );
  }
  if (w.byCause["api-eviction"]) {
    out.push(
      w.kind === "Pod"
        ? "Run it under a controller (a Deployment or StatefulSet): a bare pod evicted by a drain is not recreated."
        : "Add a PodDisruptionBudget so a drain evicts its replicas one at a time.",
    );
  }
  if (w.byCause.preemption)
    out.push("Give it a higher PriorityClass, or keep spare capacity: the scheduler preempted it for higher-priority pods.");
  if (w.byCause["taint-manager"])
    out.push("Fix the node condition behind the NoExecute taint, or tolerate it for a while (tolerationSeconds).");
  if (w.byCause["system-oom"])
    out.push("Reserve memory for the system (system-reserved, kube-reserved) and set memory limits on pods without one.");
  return out;
}

const keyOf = (t: Termination) => `${t.namespace}\u0000${t.workload.kind}\u0000${t.workload.name}`;

/**
 * Groups terminations by workload (system OOMs by node), most terminations first, then newest.
 * `allocatableOf` gives each node's allocatable, so no suggestion asks for more than a node holds.
 */
export function groupByWorkload(
  terminations: readonly Termination[],
  allocatableOf: AllocatableOf = () => undefined,
): WorkloadTerminations[] {
  const groups = new Map<string, Omit<WorkloadTerminations, "suggestions">>();
  for (const t of terminations) {
    const k = keyOf(t);
    let g = groups.get(k);
    if (!g)
      groups.set(
        k,
        (g = {
          namespace: t.namespace,
          kind: t.workload.kind,
          name: t.workload.name,
          count: 0,
          byCause: {},
          last: null,
          nodes: [],
          terminations: [],
        }),
      );
    g.count++;
    g.byCause[t.cause] = (g.byCause[t.cause] ?? 0) + 1;
    if (t.time && (!g.last || t.time > g.last)) g.last = t.time;
    if (t.node && !g.nodes.includes(t.node)) g.nodes.push(t.node);
    g.terminations.push(t);
  }
  return [...groups.values()]
    .map((g) => {
      g.terminations.sort((a, b) => (b.time ?? "").localeCompare(a.time ?? ""));
      g.nodes.sort();
      return { ...g, suggestions: suggest(g, allocatableOf) };
    })
    .sort((a, b) => b.count - a.count || (b.last ?? "").localeCompare(a.last ?? "") || a.name.localeCompare(b.name));
}
