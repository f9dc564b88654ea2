import type { Pod } from "../k8s-types";
import { isActivePod } from "../pods/pod-facts";
import { DEFAULT_FEATURE_GATES, podRequest } from "../pods/pod-resources";

/**
 * Lists the pods that would not fit a smaller memory allocatable: the kubelet admits pods while the
 * sum of requests fits, so the overshoot falls on whoever comes last; we assume lowest priority.
 */
export function podsThatNoLongerFit(
  pods: readonly Pod[],
  requested: Record<string, number>,
  allocatable: Record<string, number>,
): { over: number; pods: Pod[] } {
  const alloc = allocatable.memory;
  const req = requested.memory ?? 0;
  if (alloc == null || req <= alloc) return { over: 0, pods: [] };
  const over = req - alloc;
  const byPriority = pods.filter(isActivePod).toSorted((a, b) => (a.spec?.priority ?? 0) - (b.spec?.priority ?? 0));
  const out: Pod[] = [];
  let freed = 0;
  for (const p of byPriority) {
    if (freed >= over) break;
    const r = podRequest(p, "memory", DEFAULT_FEATURE_GATES);
    if (r <= 0) continue;
    out.push(p);
    freed += r;
  }
  return { over, pods: out };
}
