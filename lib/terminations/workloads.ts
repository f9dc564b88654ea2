// Pure: the fleet's terminations grouped by owning workload, repeat offenders first, each with
// the fix suggested in words from what its terminations show.
import { formatBytes } from "@/lib/format";
import type { Termination, TerminationCause } from "@/lib/termination-doc";

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

function suggest(w: Omit<WorkloadTerminations, "suggestions">): string[] {
  const out: string[] = [];
  const evictions = w.terminations.filter((t) => t.cause === "kubelet-eviction");
  // Request at the observed peak: the highest usage the kubelet's messages reported per container.
  const peak = new Map<string, { usage: number; request: number }>();
  for (const t of evictions) {
    for (const c of t.containers ?? []) {
      const p = peak.get(c.name);
      if (!p || c.usage > p.usage) peak.set(c.name, { usage: c.usage, request: c.request });
    }
  }
  for (const [name, p] of peak) {
    const resource = evictions.find((t) => t.containers?.some((c) => c.name === name))?.resource ?? "memory";
    out.push(
      `Set the ${resource} request of container ${name} to its observed peak, ${formatBytes(p.usage)} (now ${p.request ? formatBytes(p.request) : "none"}): the kubelet evicts pods above their request first.`,
    );
  }
  if (evictions.length && evictions.every((t) => (t.priority ?? 0) <= 0)) {
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

/** Groups terminations by workload (system OOMs by node), most terminations first, then newest. */
export function groupByWorkload(terminations: readonly Termination[]): WorkloadTerminations[] {
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
      return { ...g, suggestions: suggest(g) };
    })
    .sort((a, b) => b.count - a.count || (b.last ?? "").localeCompare(a.last ?? "") || a.name.localeCompare(b.name));
}
