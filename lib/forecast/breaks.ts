// The discontinuities Headroom knows of on a node, from what its cache keeps: evictions of every
// kind and OOM kills (lib/k8s/documents/evictions.ts records), containers that restarted, pods being
// deleted. Each makes a signal jump; the trend starts again after the newest (trend.ts). Pod
// starts are not kept by the cache (no startTime on a trimmed pod): their step shows in the
// samples and the jump test finds it there.
import type { EvictionRecord } from "@/lib/contract/dto";

export interface Discontinuity {
  /** Cluster ms. */
  at: number;
  /** "the OOM kill in default/worker-1", for "no trend yet (since the OOM kill in default/worker-1 at 13:21)". */
  what: string;
  /** An eviction or an OOM kill: the kubelet or the kernel ended it (a batch cycle's own turns are not). */
  forced?: boolean;
  /** Moves the filesystem signals only (an image pull or deletion): memory and pids keep their trend. */
  filesystemOnly?: boolean;
}

/** The discontinuities that cut `signal`'s trend. */
export function breaksFor(signal: string, breaks: readonly Discontinuity[]): Discontinuity[] {
  const fs = /^(nodefs|imagefs|containerfs)\./.test(signal);
  return breaks.filter((b) => fs || !b.filesystemOnly);
}

/** The fields of a pod this reads (lib/k8s TrimmedPod and the engine's Pod both have them). */
export interface PodLike {
  metadata?: { namespace?: string; name?: string; deletionTimestamp?: string };
  status?: { containerStatuses?: { name: string; lastState?: { terminated?: { finishedAt?: string } } }[] };
}

const KIND: Record<EvictionRecord["kind"], string> = {
  "node-pressure": "the eviction of",
  api: "the API eviction of",
  preemption: "the preemption of",
  oom: "the OOM kill in",
};

const ms = (iso: string | null | undefined) => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? null : t;
};

/** Every known discontinuity on the node, in no particular order. */
export function discontinuities(evictions: readonly EvictionRecord[], pods: readonly PodLike[] = []): Discontinuity[] {
  const out: Discontinuity[] = [];
  for (const e of evictions) {
    const at = ms(e.time);
    if (at != null) out.push({ at, what: `${KIND[e.kind]} ${e.namespace}/${e.pod}`, forced: true });
  }
  for (const p of pods) {
    const id = `${p.metadata?.namespace ?? ""}/${p.metadata?.name ?? ""}`;
    const deleted = ms(p.metadata?.deletionTimestamp);
    // deletionTimestamp is when the grace period ends: the pod is stopping from then at the latest
    if (deleted != null) out.push({ at: deleted, what: `the deletion of ${id}` });
    for (const cs of p.status?.containerStatuses ?? []) {
      const ended = ms(cs.lastState?.terminated?.finishedAt);
      if (ended != null) out.push({ at: ended, what: `the restart of ${id}/${cs.name}` });
    }
  }
  return out;
}
