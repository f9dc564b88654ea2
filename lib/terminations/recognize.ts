// Pure: recognizes pod terminations in what the informers see (a pod's status, its deletion, an
// Event) and names their cause. Sources, all in the Kubernetes repository:
// - DisruptionTarget and its reasons: staging/src/k8s.io/api/core/v1/types.go (`DisruptionTarget`,
//   `PodReasonTerminationByKubelet`, `PodReasonPreemptionByScheduler`); the kubelet eviction manager
//   and node shutdown manager set TerminationByKubelet (pkg/kubelet/eviction/eviction_manager.go
//   `evictPod`, pkg/kubelet/nodeshutdown), the API server's eviction subresource sets
//   EvictionByEvictionAPI "Eviction API: evicting" (pkg/registry/core/pod/storage/eviction.go),
//   the scheduler sets PreemptionByScheduler "<scheduler>: preempting to accommodate a higher
//   priority pod" and records the event Preempted "Preempted by pod <uid> on node <node>"
//   (pkg/scheduler/framework/preemption), the taint eviction controller sets DeletionByTaintManager
//   "Taint manager: deleting due to NoExecute taint" and records TaintManagerEviction "Marking for
//   deletion Pod <ns>/<name>" (pkg/controller/tainteviction/taint_eviction.go), pod GC sets
//   DeletionByPodGC (pkg/controller/podgc/gc_controller.go).
// - Kernel OOM kills of a container at its cgroup limit: containerStatuses[].lastState.terminated
//   with reason OOMKilled and exit code 137 (128 + SIGKILL), restartCount counting the restarts.
// - SystemOOM: pkg/kubelet/oom/oom_watcher_linux.go records a Warning event on the Node for every
//   kernel OOM whose victim cgroup is "/" (not a container's own limit): "System OOM encountered,
//   victim process: <name>, pid: <pid>".
import type { Termination, TerminationCause } from "@/lib/contract/termination";
import { parseBytes, parseEvictionMessage } from "@/lib/eviction";

import { owningWorkload, type OwnerRef } from "./owner";

/** The parts of a Pod read here (trimmed pods and API pods both fit). */
export interface PodLike {
  metadata?: {
    name?: string;
    namespace?: string;
    uid?: string;
    deletionTimestamp?: string;
    ownerReferences?: readonly OwnerRef[];
  };
  spec?: {
    nodeName?: string;
    priority?: number;
    containers?: readonly { name?: string; resources?: { limits?: Record<string, string | number | undefined> } }[];
  };
  status?: {
    phase?: string;
    reason?: string;
    message?: string;
    conditions?: readonly { type?: string; status?: string; reason?: string; message?: string; lastTransitionTime?: string }[];
    containerStatuses?: readonly {
      name?: string;
      restartCount?: number;
      lastState?: { terminated?: { reason?: string; exitCode?: number; finishedAt?: string } };
    }[];
  };
}

/** The parts of a core/v1 Event read here (lib/k8s/store/trim.ts TrimmedEvent fits). */
export interface EventLike {
  reason: string;
  message: string;
  kind: string;
  namespace: string;
  name: string;
  node: string | null;
  time: string | null;
}

/** What is known of the pod's node when the termination is seen. */
export interface NodeFacts {
  /** The signal met for an eviction message's resource (eviction-tally.ts evictionSignal), or null. */
  signalFor?: (message: string) => string | null;
  taints?: readonly { key?: string; value?: string; effect?: string }[];
  unschedulable?: boolean;
}

const DISRUPTION_CAUSE: Record<string, TerminationCause> = {
  TerminationByKubelet: "kubelet-eviction",
  EvictionByEvictionAPI: "api-eviction",
  PreemptionByScheduler: "preemption",
  DeletionByTaintManager: "taint-manager",
  DeletionByPodGC: "pod-gc",
};

/** The workload that owns a pod (eviction-tally.ts's rule); kind "Pod" and the pod's name for a bare pod. */
export function workloadOf(owners: readonly OwnerRef[] | undefined, pod: string): { kind: string; name: string } {
  const w = owningWorkload(owners);
  return w.kind ? w : { kind: "Pod", name: pod };
}

/** The node's NoExecute taints as `key=value:NoExecute`, the ones the taint manager acts on. */
export function noExecuteTaints(node: NodeFacts | undefined): string[] {
  return (node?.taints ?? [])
    .filter((t) => t.effect === "NoExecute")
    .map((t) => `${t.key ?? ""}${t.value ? `=${t.value}` : ""}:NoExecute`);
}

function base(pod: PodLike, cause: TerminationCause, time: string | null, message: string): Termination {
  const ns = pod.metadata?.namespace ?? "";
  const name = pod.metadata?.name ?? "";
  return {
    id: `${cause}|${ns}/${name}`,
    time,
    cause,
    node: pod.spec?.nodeName ?? null,
    namespace: ns,
    pod: name,
    workload: workloadOf(pod.metadata?.ownerReferences, name),
    priority: pod.spec?.priority ?? null,
    message,
  };
}

/** Adds what the cause's message and the node tell (signal, threshold, containers, taints, cordon). */
function detailed(t: Termination, node: NodeFacts | undefined): Termination {
  if (t.cause === "kubelet-eviction") {
    const parsed = parseEvictionMessage(t.message);
    return {
      ...t,
      signal: parsed ? (node?.signalFor?.(t.message) ?? null) : null,
      resource: parsed?.resource ?? null,
      thresholdQuantity: parsed?.thresholdQuantity ?? null,
      available: parsed?.available ?? null,
      containers: parsed?.containers ?? [],
    };
  }
  if (t.cause === "taint-manager") return { ...t, taints: noExecuteTaints(node) };
  if (t.cause === "api-eviction") return { ...t, cordoned: !!node?.unschedulable };
  return t;
}

function memoryLimit(pod: PodLike, container: string): number | null {
  const raw = pod.spec?.containers?.find((c) => c.name === container)?.resources?.limits?.memory;
  if (raw === undefined) return null;
  try {
    return parseBytes(String(raw));
  } catch {
    return null;
  }
}

/** The terminations a pod's status shows: an eviction or disruption, and its containers' last OOM kills. */
export function podTerminations(pod: PodLike, node?: NodeFacts): Termination[] {
  const out: Termination[] = [];
  const st = pod.status ?? {};
  const dt = st.conditions?.find((c) => c.type === "DisruptionTarget" && c.status === "True");
  const dtCause = dt?.reason ? DISRUPTION_CAUSE[dt.reason] : undefined;
  if (st.reason === "Evicted") {
    out.push(detailed(base(pod, "kubelet-eviction", dt?.lastTransitionTime ?? null, st.message ?? ""), node));
  } else if (dt && dtCause) {
    out.push(detailed(base(pod, dtCause, dt.lastTransitionTime ?? null, dt.message ?? dt.reason ?? ""), node));
  }
  for (const cs of st.containerStatuses ?? []) {
    const t = cs.lastState?.terminated;
    if (t?.reason !== "OOMKilled" || !cs.name) continue;
    const restarts = cs.restartCount ?? 0;
    const b = base(
      pod,
      "oom-killed",
      t.finishedAt ?? null,
      `container ${cs.name} was OOMKilled (exit code ${t.exitCode ?? "?"})`,
    );
    out.push({
      ...b,
      id: `${b.id}|${cs.name}|${restarts}`,
      container: cs.name,
      limit: memoryLimit(pod, cs.name),
      restartCount: restarts,
      exitCode: t.exitCode ?? null,
    });
  }
  return out;
}

/** A pod deleted (or marked for deletion) while running with no DisruptionTarget: its deletion is the termination. */
export function deletionTermination(pod: PodLike, at: string | null): Termination | null {
  const phase = pod.status?.phase;
  if (phase === "Failed" || phase === "Succeeded" || !pod.spec?.nodeName) return null;
  if (pod.status?.conditions?.some((c) => c.type === "DisruptionTarget" && c.status === "True")) return null;
  return base(pod, "deleted", pod.metadata?.deletionTimestamp ?? at, "deleted while running");
}

const PREEMPTED = /^Preempted by (?:pod )?(\S+) on node (\S+)/;
const SYSTEM_OOM = /System OOM encountered(?:, victim process: (.*), pid: (\d+))?/;

/** The termination an Event reports (Evicted, Preempted, TaintManagerEviction, SystemOOM), or null. */
export function eventTermination(e: EventLike, pod: PodLike | undefined, node?: NodeFacts): Termination | null {
  const subject: PodLike = pod ?? { metadata: { name: e.name, namespace: e.namespace }, spec: { nodeName: e.node ?? undefined } };
  if (e.kind === "Pod" && e.reason === "Evicted") return detailed(base(subject, "kubelet-eviction", e.time, e.message), node);
  if (e.kind === "Pod" && e.reason === "Preempted") {
    const m = PREEMPTED.exec(e.message);
    const b = base(subject, "preemption", e.time, e.message);
    return { ...b, node: b.node ?? m?.[2] ?? e.node, preemptor: m?.[1] ?? null };
  }
  // The same reason also reports "Cancelling deletion of Pod …" when the taint goes away.
  if (e.kind === "Pod" && e.reason === "TaintManagerEviction" && e.message.startsWith("Marking for deletion")) {
    return detailed(base(subject, "taint-manager", e.time, e.message), node);
  }
  if (e.kind === "Node" && e.reason === "SystemOOM") {
    const m = SYSTEM_OOM.exec(e.message);
    const pid = m?.[2] ? Number(m[2]) : null;
    return {
      id: `system-oom|${e.name}|${e.time}|${pid ?? ""}`,
      time: e.time,
      cause: "system-oom",
      node: e.name,
      namespace: "",
      pod: "",
      workload: { kind: "Node", name: e.name },
      priority: null,
      message: e.message,
      process: m?.[1] ?? null,
      pid,
    };
  }
  return null;
}

/** Merges two sightings of one termination: the later source fills what the earlier lacked. */
export function mergeTermination(a: Termination, b: Termination): Termination {
  const out: Termination = { ...a };
  for (const [k, v] of Object.entries(b) as [keyof Termination, unknown][]) {
    const cur = out[k];
    const empty = cur === null || cur === undefined || cur === "" || (Array.isArray(cur) && cur.length === 0);
    if (empty && v !== undefined) (out as Record<string, unknown>)[k] = v;
  }
  // The Event's workload is a guess when the pod was already gone; the pod's owner wins.
  if (a.workload.kind === "Pod" && b.workload.kind !== "Pod") out.workload = b.workload;
  return out;
}
