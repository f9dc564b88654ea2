// The termination timeline, per node and fleet-wide, from what the informers see: pod updates
// (status.reason Evicted, DisruptionTarget conditions, containers' last OOMKilled state, a
// deletionTimestamp on a running pod) and Events (Evicted, Preempted, TaintManagerEviction,
// SystemOOM). One record per termination: the pod and its Event report the same one, merged.
//
// Bounded: at most MAX_TERMINATIONS records (oldest dropped first), MAX_PER_NODE per node, none
// older than KEEP_MS. A record is ~1 KiB of heap, so the log stays near 2 MiB on a 5 000-node
// cluster however many pods die; Events themselves last only an hour in the API server, and the
// log lives as long as the process (a restart starts again from what the API server still has).
import type { Termination } from "@/lib/contract/termination";
import { byEvictionPriority, signalResource, type SignalReport } from "@/lib/eviction";
import {
  deletionTermination,
  eventTermination,
  mergeTermination,
  noExecuteTaints,
  podTerminations,
  type EventLike,
  type NodeFacts,
  type PodLike,
} from "@/lib/terminations/recognize";

import { evictionSignal } from "../metrics/eviction-tally";
import type { TrimmedNode } from "../store/trim";

export const MAX_TERMINATIONS = 2000;
export const MAX_PER_NODE = 50;
export const KEEP_MS = 24 * 3600_000;
// The pod's status and its Event carry times seconds apart; further apart, a reused pod name
// (a StatefulSet replica) died twice.
const SAME_TERMINATION_MS = 120_000;
// Informers deliver each kind on its own watch, so the Node update that tainted or cordoned a node
// can arrive after the pod update it caused. A record that lacks those facts takes them from a
// Node update seen this soon after it; later, a new taint or cordon is another story.
const LATE_NODE_FACTS_MS = 30_000;
// Preemptors waiting to be named by their pod (a few at a time in practice).
const MAX_PREEMPTORS = 1000;

const UID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const ms = (iso: string | null) => (iso ? Date.parse(iso) : Number.NaN);

export class TerminationLog {
  // Map order is arrival order: the first key is the oldest record.
  private readonly byId = new Map<string, Termination>();
  private readonly perNode = new Map<string, Set<string>>();
  // Records that may still take trailing node facts: id -> when recorded (this log's clock).
  private readonly lackingNodeFacts = new Map<string, number>();
  // Kubelet evictions seen before their node's first Summary (at start-up, the pod list brings
  // the last hour's evictions at once), per node: the signal is named once the node's signals are known.
  private readonly lackingSignal = new Map<string, Set<string>>();

  constructor(
    private readonly now: () => number,
    private readonly max = MAX_TERMINATIONS,
    private readonly maxPerNode = MAX_PER_NODE,
  ) {}

  get size(): number {
    return this.byId.size;
  }

  /** Records a termination, merging it with an earlier sighting of the same one. */
  add(t: Termination): void {
    const at = ms(t.time);
    if (Number.isFinite(at) && this.now() - at > KEEP_MS) return;
    let id = t.id;
    const prev = this.byId.get(id);
    if (prev && Math.abs(ms(prev.time) - at) > SAME_TERMINATION_MS) id = `${t.id}@${t.time}`;
    const same = this.byId.get(id);
    if (same) return void this.byId.set(id, mergeTermination(same, t));
    this.byId.set(id, { ...t, id });
    if (lacksNodeFacts(t)) this.lackingNodeFacts.set(id, this.now());
    if (t.node && t.cause === "kubelet-eviction" && t.resource && t.signal == null) {
      let ids = this.lackingSignal.get(t.node);
      if (!ids) this.lackingSignal.set(t.node, (ids = new Set()));
      ids.add(id);
    }
    if (t.node) {
      let ids = this.perNode.get(t.node);
      if (!ids) this.perNode.set(t.node, (ids = new Set()));
      ids.add(id);
      if (ids.size > this.maxPerNode) this.drop(ids.values().next().value!);
    }
    while (this.byId.size > this.max) this.drop(this.byId.keys().next().value!);
  }

  private drop(id: string): void {
    const t = this.byId.get(id);
    this.byId.delete(id);
    this.lackingNodeFacts.delete(id);
    if (t?.node) this.forgetLackingSignal(t.node, id);
    const ids = t?.node ? this.perNode.get(t.node) : undefined;
    ids?.delete(id);
    if (ids?.size === 0) this.perNode.delete(t!.node!);
  }

  /** Drops records older than KEEP_MS. */
  prune(): void {
    const cutoff = this.now() - KEEP_MS;
    for (const [id, t] of this.byId) if (ms(t.time) < cutoff) this.drop(id);
  }

  /** A node's terminations, newest first. */
  forNode(node: string): Termination[] {
    return newestFirst([...(this.perNode.get(node) ?? [])].map((id) => this.byId.get(id)!));
  }

  /** Every termination kept, newest first. */
  all(): Termination[] {
    this.prune();
    return newestFirst([...this.byId.values()]);
  }

  /** What a pod update shows (and, for a pod being deleted while running, the deletion). */
  observePod(pod: PodLike | undefined, prev: PodLike | undefined, node: () => NodeFacts | undefined): void {
    if (!pod) return;
    if (this.preemptors.size) this.namePreemptor(pod);
    // Most updates are of pods that did not die: the node is looked up only for those that did.
    if (!mayHaveTerminated(pod)) return;
    for (const t of podTerminations(pod, node())) this.add(t);
    if (pod.metadata?.deletionTimestamp && !prev?.metadata?.deletionTimestamp) {
      const t = deletionTermination(pod, new Date(this.now()).toISOString());
      if (t) this.add(t);
    }
  }

  /** A Node update: recent records on it that lacked its taints or cordon take them (LATE_NODE_FACTS_MS). */
  // `facts` is called only when a record lacks something: this runs on every Node update.
  observeNode(name: string, facts: () => NodeFacts | undefined): void {
    if (this.lackingNodeFacts.size === 0) return;
    const node = facts();
    if (!node) return;
    const cutoff = this.now() - LATE_NODE_FACTS_MS;
    for (const [id, seen] of this.lackingNodeFacts) {
      const t = this.byId.get(id);
      if (!t || seen < cutoff) {
        this.lackingNodeFacts.delete(id);
        continue;
      }
      if (t.node !== name) continue;
      const filled = withLateNodeFacts(t, node);
      if (filled === t) continue;
      this.byId.set(id, filled);
      this.lackingNodeFacts.delete(id);
    }
  }

  /** A node's signals, known (again): its kubelet evictions recorded without a signal get one. */
  // `facts` is called only when the node has such records: this runs on every row recompute.
  observeSignals(name: string, facts: () => NodeFacts | undefined): void {
    const ids = this.lackingSignal.get(name);
    if (!ids) return;
    const node = facts();
    if (!node?.signalFor) return;
    for (const id of ids) {
      const t = this.byId.get(id);
      const signal = t && t.signal == null ? node.signalFor(t.message) : null;
      if (t && t.signal == null && !signal) continue; // not known from these signals either
      if (t && signal) this.byId.set(id, { ...t, signal });
      this.forgetLackingSignal(name, id);
    }
  }

  private forgetLackingSignal(node: string, id: string): void {
    const ids = this.lackingSignal.get(node);
    ids?.delete(id);
    if (ids?.size === 0) this.lackingSignal.delete(node);
  }

  /** What an Event reports; `pod` is the pod the informer still holds, if any. */
  observeEvent(e: EventLike, pod: PodLike | undefined, node: () => NodeFacts | undefined): void {
    const t = eventTermination(e, pod, node());
    if (!t) return;
    this.add(t);
    // The scheduler names the preemptor by UID; its pod arrives (pending, then bound) through the
    // pod informer, and may be gone by the time anyone looks: name it when it shows up.
    if (t.preemptor && UID.test(t.preemptor) && this.preemptors.size < MAX_PREEMPTORS) this.preemptors.set(t.preemptor, t.id);
  }

  private readonly preemptors = new Map<string, string>();

  /** Names the preemption a pod caused, if it is a preemptor still known by UID only. */
  private namePreemptor(pod: PodLike): void {
    const uid = pod.metadata?.uid;
    const id = uid && this.preemptors.get(uid);
    if (!id) return;
    this.preemptors.delete(uid);
    const t = this.byId.get(id);
    if (t && pod.metadata?.name) this.byId.set(id, { ...t, preemptor: `${pod.metadata.namespace}/${pod.metadata.name}` });
  }
}

const lacksNodeFacts = (t: Termination) =>
  (t.cause === "taint-manager" && !t.taints?.length) || (t.cause === "api-eviction" && !t.cordoned);

function withLateNodeFacts(t: Termination, node: NodeFacts): Termination {
  if (t.cause === "taint-manager") {
    const taints = noExecuteTaints(node);
    return taints.length ? { ...t, taints } : t;
  }
  return node.unschedulable ? { ...t, cordoned: true } : t;
}

const mayHaveTerminated = (p: PodLike) =>
  !!(p.status?.reason || p.status?.conditions?.length || p.status?.containerStatuses?.length || p.metadata?.deletionTimestamp);

function newestFirst(list: Termination[]): Termination[] {
  return list.sort((a, b) => (b.time ?? "").localeCompare(a.time ?? ""));
}

/** Names a preemptor the scheduler gave by UID, when `podByUid` finds it (it is on the victim's node). */
export function withPreemptorNames(list: Termination[], podByUid: (uid: string) => PodLike | undefined): Termination[] {
  return list.map((t) => {
    if (t.cause !== "preemption" || !t.preemptor || !UID.test(t.preemptor)) return t;
    const p = podByUid(t.preemptor);
    return p?.metadata?.name ? { ...t, preemptor: `${p.metadata.namespace}/${p.metadata.name}` } : t;
  });
}

/** What the cache knows of a node when one of its pods dies: the signal met for a message, its taints, its cordon. */
export function nodeFacts(
  state: { node: TrimmedNode | undefined; signals: readonly SignalReport[] | null } | undefined,
): NodeFacts | undefined {
  if (!state?.node) return undefined;
  const spec = state.node.spec ?? {};
  return {
    signalFor: (message) => {
      const s = evictionSignal(message, state.signals);
      return s === "unknown" ? null : s;
    },
    taints: (spec.taints ?? []) as NodeFacts["taints"],
    unschedulable: !!spec.unschedulable,
  };
}

/**
 * Fills the signal of kubelet evictions seen before Headroom had the node's stats (a restart, the
 * first list): the signal of the message's resource whose threshold is the message's quantity
 * (the kubelet prints the threshold it acted on), first in the kubelet's order.
 */
export function withSignals(
  list: Termination[],
  signalsOf: (node: string) => readonly SignalReport[] | null | undefined,
): Termination[] {
  return list.map((t) => {
    if (t.cause !== "kubelet-eviction" || t.signal || !t.resource || t.thresholdQuantity == null || !t.node) return t;
    const q = t.thresholdQuantity;
    // A percentage threshold is printed resolved and rounded: half a percent of slack.
    const near = (v: number) => Math.abs(v - q) <= Math.max(1024, q * 0.005);
    const candidates = (signalsOf(t.node) ?? []).filter(
      (s) => signalResource(s.signal) === t.resource && s.thresholds.some((th) => near(th.value)),
    );
    const signal = byEvictionPriority(candidates.map((s) => ({ signal: s.signal })))[0]?.signal;
    return signal ? { ...t, signal } : t;
  });
}
