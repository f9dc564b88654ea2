// A node that stopped reporting: what is known instead of a forecast. The signal forecast runs on
// the kubelet's stats; when those are old, or the kubelet no longer renews its Lease, a forecast
// from them would describe a node that may no longer exist. What is known then: since when the
// kubelet is silent (its Lease), since when Headroom has no stats, and — when the node lifecycle
// controller has tainted the node NoExecute — when the taint eviction controller deletes each pod
// (lib/eviction/node/taint-eviction.ts). Pure; the node page's headline and the fleet row read it.
import { DEFAULT_NODE_LEASE_DURATION_SECONDS, isActivePod, taintEvictionPlan, type Pod, type TaintLike } from "@/lib/eviction";

/** The kubelet's default nodeLeaseDurationSeconds. */

export interface ReachabilityInput {
  /** Cluster ms now. */
  now: number;
  /** The node's Ready condition, as the API server has it. */
  ready: { status: string; lastTransitionTime?: string } | null;
  lease: { renewTime: string | null; leaseDurationSeconds: number | null } | null;
  /** Headroom's Summary collection (lib/contract/dto CollectionStatus). */
  collection: { state: string; ageSeconds: number | null; error: string | null };
}

export interface Reachability {
  /** The control plane no longer hears the kubelet: Ready is Unknown, or the Lease is older than its duration. */
  kubeletSilent: boolean;
  /** Headroom's stats are failing or older than three collection intervals. */
  statsStale: boolean;
  /** The Lease's last renewal (cluster ms), null without a Lease. */
  leaseRenewedAt: number | null;
  /** When Ready turned Unknown or False (cluster ms), null when True or unknown. */
  notReadySince: number | null;
  readyStatus: string | null;
  statsAgeSeconds: number | null;
  statsError: string | null;
}

const ms = (iso: string | null | undefined) => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? null : t;
};

/** Whether the node still reports, and what is known when it does not; null when it does. */
export function reachability(input: ReachabilityInput): Reachability | null {
  const leaseRenewedAt = ms(input.lease?.renewTime);
  const leaseSeconds = input.lease?.leaseDurationSeconds ?? DEFAULT_NODE_LEASE_DURATION_SECONDS;
  const leaseExpired = leaseRenewedAt != null && input.now - leaseRenewedAt > leaseSeconds * 1000;
  const readyStatus = input.ready?.status ?? null;
  const kubeletSilent = readyStatus === "Unknown" || leaseExpired;
  const statsStale = input.collection.state === "failed" || input.collection.state === "stale";
  if (!kubeletSilent && !statsStale) return null;
  return {
    kubeletSilent,
    statsStale,
    leaseRenewedAt,
    notReadySince: readyStatus && readyStatus !== "True" ? ms(input.ready?.lastTransitionTime) : null,
    readyStatus,
    statsAgeSeconds: input.collection.ageSeconds,
    statsError: input.collection.error,
  };
}

/** One group of pods the taint eviction controller treats alike. */
export interface TaintEvictionGroup {
  kind: "now" | "after" | "tolerated";
  /** When the controller deletes them (cluster ms): null for "tolerated", and when a taint lacks timeAdded. */
  at: number | null;
  /** tolerationSeconds for "after". */
  seconds: number | null;
  pods: string[];
  /** Of those, the pods already marked for deletion (metadata.deletionTimestamp). */
  marked: string[];
}

export interface TaintForecast {
  /** The node's NoExecute taints. */
  taints: TaintLike[];
  groups: TaintEvictionGroup[];
}

const podName = (p: Pod) => `${p.metadata?.namespace ?? "default"}/${p.metadata?.name ?? "?"}`;
const isMarked = (p: Pod) => !!(p.metadata as { deletionTimestamp?: string } | undefined)?.deletionTimestamp;

/** Groups the node's pods by when the taint eviction controller deletes them; null without NoExecute taints. */
export function taintForecast(taints: readonly TaintLike[], pods: readonly Pod[]): TaintForecast | null {
  const noExecute = taints.filter((t) => t.effect === "NoExecute");
  if (noExecute.length === 0) return null;
  const groups = new Map<string, TaintEvictionGroup>();
  for (const p of pods) {
    if (!isActivePod(p)) continue;
    const plan = taintEvictionPlan(noExecute, p.spec?.tolerations ?? []);
    if (plan.kind === "none") continue;
    const at = plan.kind === "after" ? plan.at : null;
    const seconds = plan.kind === "after" ? plan.seconds : null;
    const key = `${plan.kind}:${at}:${seconds}`;
    const g = groups.get(key) ?? { kind: plan.kind, at, seconds, pods: [], marked: [] };
    g.pods.push(podName(p));
    if (isMarked(p)) g.marked.push(podName(p));
    groups.set(key, g);
  }
  const order = { now: 0, after: 1, tolerated: 2 } as const;
  const sorted = [...groups.values()].sort((a, b) => order[a.kind] - order[b.kind] || (a.at ?? 0) - (b.at ?? 0));
  return { taints: noExecute, groups: sorted };
}
