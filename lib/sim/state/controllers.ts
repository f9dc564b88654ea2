// The two control-plane loops the demo needs: the node lifecycle controller (a Lease not renewed
// for nodeMonitorGracePeriod = 40 s makes every condition Unknown, hence NotReady and the
// unreachable taints) and a minimal ReplicaSet controller + scheduler that recreates evicted pods
// on the least-loaded node without pressure.
import type { Cluster } from "./cluster";
import type { SimNode } from "./world";

const GRACE_MS = 40_000;

/** Marks nodes whose Lease is older than the grace period as NodeStatusUnknown. */
export function nodeLifecycle(c: Cluster, now: number): void {
  for (const n of c.nodes) {
    if (now - n.leaseRenewed <= GRACE_MS) continue;
    const ready = n.conditions.get("Ready")!;
    if (ready.status === "Unknown") continue;
    for (const [type, cond] of n.conditions) {
      n.conditions.set(type, {
        ...cond,
        status: "Unknown",
        reason: "NodeStatusUnknown",
        message: "Kubelet stopped posting node status.",
        lastTransitionTime: now,
      });
    }
    c.putNode(n);
    c.nodeEvent(n, "Normal", "NodeNotReady", "Node is not ready", "node-controller");
  }
}

function schedulable(n: SimNode): boolean {
  const bad = ["MemoryPressure", "DiskPressure", "PIDPressure"].some((t) => n.conditions.get(t)?.status === "True");
  // Cordoned, or tainted by an incident (incidents.ts): the scheduler skips it.
  const tainted = n.unschedulable || !!n.extraTaints?.length;
  return n.kubeletUp && n.conditions.get("Ready")?.status === "True" && !bad && !tainted;
}

/** Creates replacement pods that are due, scheduled to the emptiest eligible node of their pools. */
export function replaceEvicted(c: Cluster, now: number): void {
  for (let i = 0; i < c.pending.length;) {
    const job = c.pending[i]!;
    if (job.at > now) {
      i++;
      continue;
    }
    c.pending.splice(i, 1);
    const pools = job.t.spec.pools;
    const candidates = c.nodes.filter((n) => (!pools || pools.includes(n.pool.name)) && schedulable(n));
    const node = candidates.sort((a, b) => a.pods.size - b.pods.size || a.index - b.index)[0];
    if (node) c.putPod(c.newPod(job.t, node, now, job.replica));
    else c.pending.push({ ...job, at: now + 30_000 });
  }
}
