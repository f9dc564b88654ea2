// The only file in lib/sim that calls the eviction engine. The engine decides (thresholds,
// allocatable, observations, conditions, ranking, replay); this file keeps the state a kubelet's
// eviction manager carries between 10 s cycles (first-observed times, min-reclaim stickiness,
// pressure-transition period) and turns a decision into the kubelet's eviction message.
import { analyzeNode, type AnalyzeOutput } from "../eviction/index";
import { computeAllocatable, kubepodsLimit } from "../eviction/allocatable";
import { byEvictionPriority } from "../eviction/evaluate";
import { DEFAULT_FEATURE_GATES } from "../eviction/pod-resources";
import { parseBytes } from "../eviction/quantity";
import { podQos } from "../eviction/qos";
import { formatMilli, formatQuantity, parsedQuantityString } from "../eviction/quantity-format";
import { type Signal, signalCondition, signalResource } from "../eviction/signals";
import { effectiveConfig, readKubeletConfig, resolveThreshold } from "../eviction/thresholds";
import type { Pod } from "../eviction/k8s-types";

export type Conditions = AnalyzeOutput["conditions"];

/** Computes the effective eviction settings of a KubeletConfiguration (defaults applied as at load). */
export function effective(kubeletConfig: object) {
  return effectiveConfig(readKubeletConfig(kubeletConfig)).config;
}

/** Returns Node.status.allocatable (wire strings) and the kubepods memory limit for a pool. */
export function nodeAllocatable(capacity: Record<string, string>, kubeletConfig: object): { allocatable: Record<string, string>; podsMemoryLimit: number } {
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
  return podQos(pod as Pod, DEFAULT_FEATURE_GATES);
}

/** Formats bytes like resource.NewQuantity(n, BinarySI).String(). */
export function binarySI(n: number): string {
  return formatQuantity(Math.trunc(n), "BinarySI");
}

export interface BrainInput {
  node: object;
  pods: object[];
  summary: any;
  kubeletConfig: Record<string, any>;
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
   * Runs one synchronize cycle. `reclaim(signal)` performs node-level reclaim (image/container GC)
   * and returns fresh input, or undefined when the signal has no reclaim function.
   */
  synchronize(input: BrainInput, now: number, reclaim: (s: Signal) => BrainInput | undefined): Decision {
    const cfg = effective(input.kubeletConfig);
    const out = analyzeNode({ ...input, now: new Date(now).toISOString() });
    const met = new Set<Key>();
    for (const s of out.signals) for (const t of s.thresholds) if (t.met) met.add(`${s.signal}|${t.kind}`);
    // Thresholds that triggered last cycle stay met until they clear by their min-reclaim.
    for (const k of this.metLastCycle) if (!met.has(k) && this.stillMetWithReclaim(out, k)) met.add(k);
    for (const k of [...this.firstObserved.keys()]) if (!met.has(k)) this.firstObserved.delete(k);
    for (const k of met) if (!this.firstObserved.has(k)) this.firstObserved.set(k, now);
    for (const k of met) this.lastObserved.set(signalCondition(k.split("|")[0] as Signal), now);
    const period = cfg.evictionPressureTransitionPeriodSeconds * 1000;
    const active = (c: string) => now - (this.lastObserved.get(c) ?? -Infinity) < period;
    const conditions = { MemoryPressure: active("MemoryPressure"), DiskPressure: active("DiskPressure"), PIDPressure: active("PIDPressure") };
    const grace = (k: Key) => out.thresholds.find((t) => `${t.signal}|${t.kind}` === k)?.gracePeriodSeconds ?? 0;
    const ready = [...met].filter((k) => now - this.firstObserved.get(k)! >= grace(k) * 1000);
    this.metLastCycle = new Set(ready);
    if (ready.length === 0) return { conditions };
    const ordered = byEvictionPriority(ready.map((k) => ({ signal: k.split("|")[0] as Signal, key: k })) as never) as unknown as { signal: Signal; key: Key }[];
    const chosen = ordered[0]!;
    const resource = signalResource(chosen.signal);
    const fresh = reclaim(chosen.signal);
    if (fresh) {
      const after = analyzeNode({ ...fresh, now: new Date(now).toISOString() });
      const anyMet = after.signals.some((s) => s.thresholds.some((t) => t.met || this.stillMetWithReclaim(after, `${s.signal}|${t.kind}`)));
      if (!anyMet) return { conditions, reclaiming: resource };
      return { conditions, reclaiming: resource, evict: this.victim(after, fresh, chosen, cfg) };
    }
    return { conditions, reclaiming: resource, evict: this.victim(out, input, chosen, cfg) };
  }

  private stillMetWithReclaim(out: AnalyzeOutput, k: Key): boolean {
    const [signal, kind] = k.split("|");
    const t = out.thresholds.find((x) => x.signal === signal && x.kind === kind);
    const s = out.signals.find((x) => x.signal === signal);
    if (!t || !s) return false;
    const q = resolveThreshold(t.value, s.capacity) + (t.minReclaim ? resolveThreshold(t.minReclaim, s.capacity) : 0);
    return q > s.available;
  }

  private victim(out: AnalyzeOutput, input: BrainInput, chosen: { signal: Signal; key: Key }, cfg: ReturnType<typeof effective>): Eviction | undefined {
    const step = out.replay.find((r) => r.signal === chosen.signal)?.evicted[0];
    if (!step) return undefined;
    const pod = input.pods.find((p: any) => p.metadata.uid === step.uid) as any;
    const stats = (input.summary?.pods ?? []).find((s: any) => s.podRef.uid === step.uid);
    const sig = out.signals.find((s) => s.signal === chosen.signal)!;
    const kind = chosen.key.split("|")[1] as "hard" | "soft";
    const t = out.thresholds.find((x) => x.signal === chosen.signal && x.kind === kind)!;
    const configured = (kind === "hard" ? cfg.evictionHard : cfg.evictionSoft)?.[chosen.signal === "allocatableMemory.available" ? "memory.available" : chosen.signal];
    const qty = "quantity" in t.value && configured ? parsedQuantityString(configured) : binarySI(resolveThreshold(t.value, sig.capacity));
    const resource = signalResource(chosen.signal);
    let message = `The node was low on resource: ${resource}. Threshold quantity: ${qty}, available: ${binarySI(sig.available)}. `;
    const offending: string[] = [];
    const usages: string[] = [];
    for (const c of pod?.spec?.containers ?? []) {
      const cs = stats?.containers?.find((x: any) => x.name === c.name);
      if (!cs || (resource !== "memory" && resource !== "ephemeral-storage")) continue;
      const usage = resource === "memory" ? cs.memory?.workingSetBytes : (cs.rootfs?.usedBytes ?? 0) + (cs.logs?.usedBytes ?? 0);
      const reqStr = c.resources?.requests?.[resource];
      const req = reqStr ? parsedQuantityString(String(reqStr)) : "0";
      const reqBytes = reqStr ? parseBytes(reqStr) : 0;
      if (usage != null && usage > reqBytes) {
        message += `Container ${c.name} was using ${binarySI(usage)}, request is ${req}, has larger consumption of ${resource}. `;
        offending.push(c.name);
        usages.push(binarySI(usage));
      }
    }
    return {
      uid: step.uid, signal: chosen.signal, message,
      annotations: { offending_containers: offending.join(","), offending_containers_usage: usages.join(","), starved_resource: resource },
    };
  }
}
