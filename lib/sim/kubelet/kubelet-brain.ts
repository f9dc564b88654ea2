// Each simulated kubelet's eviction manager. The engine decides (thresholds, allocatable,
// observations, conditions, ranking, replay, and whether node-level reclaim was enough; which
// reclaim functions run is also the engine's, applied in kubelet-loop.ts). This file keeps the
// state a kubelet's eviction manager carries between 10 s cycles (first-observed times,
// min-reclaim stickiness, pressure-transition period) and turns a decision into the kubelet's
// eviction message.
import {
  analyzeNode,
  byEvictionPriority,
  computeAllocatable,
  DEFAULT_FEATURE_GATES,
  effectiveConfig,
  evictionMessage,
  evictsAfterNodeReclaim,
  formatMilli,
  formatQuantity,
  isCriticalPod,
  isMet,
  kubepodsLimit,
  observeSignals,
  podQos,
  readKubeletConfig,
  resolveThreshold,
  signalCondition,
  signalResource,
  thresholdQuantityString,
  type AnalyzeOutput,
  type Node,
  type Observations,
  type Pod,
  type Signal,
  type Summary,
} from "../../eviction";

export type Conditions = AnalyzeOutput["conditions"];

/** Computes the effective eviction settings of a KubeletConfiguration (defaults applied as at load). */
export function effective(kubeletConfig: object) {
  return effectiveConfig(readKubeletConfig(kubeletConfig)).config;
}

/** Returns Node.status.allocatable (wire strings) and the kubepods memory limit for a pool. */
export function nodeAllocatable(
  capacity: Record<string, string>,
  kubeletConfig: object,
): { allocatable: Record<string, string>; podsMemoryLimit: number } {
  const config = effective(kubeletConfig);
  const { allocatable } = computeAllocatable(capacity, config);
  const wire: Record<string, string> = {};
  for (const [r, v] of Object.entries(allocatable)) {
    wire[r] = r === "cpu" ? formatMilli(v) : r === "pods" ? String(v) : formatQuantity(v, "BinarySI");
  }
  return { allocatable: wire, podsMemoryLimit: kubepodsLimit(capacity, config).memory ?? 0 };
}

/** Returns the QoS class the API server writes into status.qosClass. */
export function qosOf(pod: object): string {
  // Computed from the spec, as the API server does at creation: a status already on the object
  // (the template's placeholder) must not be echoed back.
  return podQos({ ...(pod as Pod), status: undefined }, DEFAULT_FEATURE_GATES);
}

export interface BrainInput {
  node: Node;
  pods: Pod[];
  summary: Summary;
  kubeletConfig: Record<string, unknown>;
}

export interface Eviction {
  uid: string;
  signal: Signal;
  message: string;
  annotations: Record<string, string>;
}

export interface Decision {
  conditions: Conditions;
  /** Resource being reclaimed this cycle (event EvictionThresholdMet), if any. */
  reclaiming?: string;
  evict?: Eviction;
}

type Key = string; // `${signal}|${kind}`

/** One node's eviction manager: call `synchronize` every cycle with fresh pods and summary. */
export class EvictionManager {
  private firstObserved = new Map<Key, number>();
  private lastObserved = new Map<string, number>();
  private metLastCycle = new Set<Key>();

  /**
   * Runs one synchronize cycle. `reclaim(signal)` performs node-level reclaim (image/container GC,
   * the engine's `nodeReclaimFor`) and returns fresh input, or undefined when the signal has no
   * reclaim function.
   */
  synchronize(input: BrainInput, now: number, reclaim: (s: Signal) => BrainInput | undefined): Decision {
    const cfg = effective(input.kubeletConfig);
    const out = analyzeNode({ ...input, now: new Date(now).toISOString() });
    const observations = observeSignals(input.summary);
    const met = new Set<Key>();
    for (const s of out.signals) for (const t of s.thresholds) if (t.met) met.add(`${s.signal}|${t.kind}`);
    // Thresholds that triggered last cycle stay met until they clear by their min-reclaim.
    for (const k of this.metLastCycle) if (!met.has(k) && this.stillMetWithReclaim(out, observations, k)) met.add(k);
    for (const k of [...this.firstObserved.keys()]) if (!met.has(k)) this.firstObserved.delete(k);
    for (const k of met) if (!this.firstObserved.has(k)) this.firstObserved.set(k, now);
    for (const k of met) this.lastObserved.set(signalCondition(k.split("|")[0] as Signal), now);
    const period = cfg.evictionPressureTransitionPeriodSeconds * 1000;
    const active = (c: string) => now - (this.lastObserved.get(c) ?? -Infinity) < period;
    const conditions = {
      MemoryPressure: active("MemoryPressure"),
      DiskPressure: active("DiskPressure"),
      PIDPressure: active("PIDPressure"),
    };
    const grace = (k: Key) => out.thresholds.find((t) => `${t.signal}|${t.kind}` === k)?.gracePeriodSeconds ?? 0;
    const ready = [...met].filter((k) => now - this.firstObserved.get(k)! >= grace(k) * 1000);
    this.metLastCycle = new Set(ready);
    if (ready.length === 0) return { conditions };
    const ordered = byEvictionPriority(ready.map((k) => ({ signal: k.split("|")[0] as Signal, key: k })));
    const chosen = ordered[0]!;
    const resource = signalResource(chosen.signal);
    const fresh = reclaim(chosen.signal);
    if (fresh) {
      const after = analyzeNode({ ...fresh, now: new Date(now).toISOString() });
      if (!evictsAfterNodeReclaim(after.thresholds, observeSignals(fresh.summary))) return { conditions, reclaiming: resource };
      // The kubelet ranks and writes the message from the observations it took before reclaiming.
      return { conditions, reclaiming: resource, evict: this.victim(out, input, chosen, cfg) };
    }
    return { conditions, reclaiming: resource, evict: this.victim(out, input, chosen, cfg) };
  }

  private stillMetWithReclaim(out: AnalyzeOutput, observations: Observations, k: Key): boolean {
    const [signal, kind] = k.split("|");
    const t = out.thresholds.find((x) => x.signal === signal && x.kind === kind);
    return !!t && isMet(t, observations, true);
  }

  private victim(
    out: AnalyzeOutput,
    input: BrainInput,
    chosen: { signal: Signal; key: Key },
    cfg: ReturnType<typeof effective>,
  ): Eviction | undefined {
    // The kubelet walks the signal's ranking and evicts the first pod that is not critical; this
    // also covers a threshold kept alive only by its min-reclaim (no replay of its own).
    const podByUid = new Map(input.pods.map((p) => [p.metadata?.uid, p]));
    const step = (out.rankings[chosen.signal] ?? []).find((r) => {
      const p = podByUid.get(r.uid);
      return p != null && !isCriticalPod(p);
    });
    if (!step) return undefined;
    const pod = podByUid.get(step.uid);
    const stats = (input.summary.pods ?? []).find((s) => s.podRef.uid === step.uid);
    const sig = out.signals.find((s) => s.signal === chosen.signal)!;
    const kind = chosen.key.split("|")[1] as "hard" | "soft";
    const t = out.thresholds.find((x) => x.signal === chosen.signal && x.kind === kind)!;
    const configured = (kind === "hard" ? cfg.evictionHard : cfg.evictionSoft)?.[
      chosen.signal === "allocatableMemory.available" ? "memory.available" : chosen.signal
    ];
    const resource = signalResource(chosen.signal);
    const quantity = thresholdQuantityString(resolveThreshold(t.value, sig.capacity), configured, "percentage" in t.value);
    const { message, offending } = pod
      ? evictionMessage(pod, stats, resource, { quantity, available: sig.available })
      : { message: "", offending: [] };
    return {
      uid: step.uid,
      signal: chosen.signal,
      message,
      annotations: {
        offending_containers: offending.map((o) => o.name).join(","),
        offending_containers_usage: offending.map((o) => o.usage).join(","),
        starved_resource: resource,
      },
    };
  }
}
