// Pure: the eviction history of a node from what the informers keep — pods the kubelet evicted
// (status.reason "Evicted", kept on purpose), kubelet "Evicted" events, DisruptionTarget
// conditions (Eviction API, preemption) and OOM-killed containers.
import type { EvictionRecord } from "@/lib/contract/dto";
import { parseEvictionMessage } from "@/lib/eviction";

import type { TrimmedEvent, TrimmedPod } from "../store/trim";

function fromMessage(
  base: Omit<EvictionRecord, "signalResource" | "thresholdQuantity" | "available" | "containers">,
): EvictionRecord {
  const parsed = parseEvictionMessage(base.message);
  return {
    ...base,
    signalResource: parsed?.resource ?? null,
    thresholdQuantity: parsed?.thresholdQuantity ?? null,
    available: parsed?.available ?? null,
    containers: parsed?.containers ?? [],
  };
}

const DISRUPTION_KIND: Record<string, EvictionRecord["kind"]> = {
  EvictionByEvictionAPI: "api",
  PreemptionByScheduler: "preemption",
  TerminationByKubelet: "node-pressure",
};

/** Lists a node's evictions, newest first, one record per pod and kind. */
export function evictionRecords(pods: Iterable<TrimmedPod>, events: Iterable<TrimmedEvent>, node: string): EvictionRecord[] {
  const out = new Map<string, EvictionRecord>();
  const add = (r: EvictionRecord) => {
    const key = `${r.kind}/${r.namespace}/${r.pod}`;
    const prev = out.get(key);
    if (!prev || (!prev.signalResource && r.signalResource) || (!prev.time && r.time))
      out.set(key, { ...prev, ...r, time: r.time ?? prev?.time ?? null });
  };
  for (const p of pods) {
    const ns = p.metadata?.namespace ?? "";
    const name = p.metadata?.name ?? "";
    const dt = p.status?.conditions?.find((c) => c.type === "DisruptionTarget" && c.status === "True");
    if (p.status?.reason === "Evicted") {
      add(
        fromMessage({
          time: dt?.lastTransitionTime ?? null,
          namespace: ns,
          pod: name,
          kind: "node-pressure",
          message: String(p.status?.message ?? ""),
        }),
      );
    } else if (dt?.reason && DISRUPTION_KIND[dt.reason]) {
      add(
        fromMessage({
          time: dt.lastTransitionTime ?? null,
          namespace: ns,
          pod: name,
          kind: DISRUPTION_KIND[dt.reason]!,
          message: String(dt.message ?? dt.reason),
        }),
      );
    }
    for (const cs of p.status?.containerStatuses ?? []) {
      const t = cs.lastState?.terminated;
      if (t?.reason === "OOMKilled") {
        add({
          time: t.finishedAt ?? null,
          namespace: ns,
          pod: name,
          kind: "oom",
          signalResource: "memory",
          message: `container ${cs.name} was OOM-killed`,
          thresholdQuantity: null,
          available: null,
          containers: [],
        });
      }
    }
  }
  for (const e of events) {
    if (e.node !== node || e.kind !== "Pod") continue;
    if (e.reason === "Evicted")
      add(fromMessage({ time: e.time, namespace: e.namespace, pod: e.name, kind: "node-pressure", message: e.message }));
    else if (e.reason === "Preempted")
      add(fromMessage({ time: e.time, namespace: e.namespace, pod: e.name, kind: "preemption", message: e.message }));
  }
  return [...out.values()].sort((a, b) => (b.time ?? "").localeCompare(a.time ?? ""));
}

const CONDITION_EVENTS: Record<string, [string, string]> = {
  NodeHasInsufficientMemory: ["MemoryPressure", "True"],
  NodeHasSufficientMemory: ["MemoryPressure", "False"],
  NodeHasDiskPressure: ["DiskPressure", "True"],
  NodeHasNoDiskPressure: ["DiskPressure", "False"],
  NodeHasInsufficientPID: ["PIDPressure", "True"],
  NodeHasSufficientPID: ["PIDPressure", "False"],
  NodeReady: ["Ready", "True"],
  NodeNotReady: ["Ready", "False"],
};

export interface ConditionChange {
  time: string;
  type: string;
  status: string;
  reason: string | null;
}

/** Merges observed condition transitions with the node's condition events, oldest first, deduplicated. */
export function conditionHistory(
  observed: readonly ConditionChange[],
  events: Iterable<TrimmedEvent>,
  node: string,
): ConditionChange[] {
  const all = [...observed];
  for (const e of events) {
    const m = CONDITION_EVENTS[e.reason];
    if (m && e.kind === "Node" && e.name === node && e.time)
      all.push({ time: e.time, type: m[0], status: m[1], reason: e.reason });
  }
  const seen = new Set<string>();
  return all
    .sort((a, b) => a.time.localeCompare(b.time))
    .filter((c) => {
      const k = `${c.time}|${c.type}|${c.status}`;
      return seen.has(k) ? false : (seen.add(k), true);
    });
}
