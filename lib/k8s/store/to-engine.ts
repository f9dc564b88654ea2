// Pure: reshape cached Kubernetes objects into lib/eviction input, and the engine's output into
// the small numbers of an overview row. No I/O, no clock; tested without mocks.
import type { WorstMargin } from "@/lib/contract/dto";
import { marginFraction, quantityValue, type AnalyzeOutput, type ResourceList, type Signal } from "@/lib/eviction";

import type { TrimmedNode } from "./trim";

export type SignalFamily = "memory" | "disk" | "pid";

/** Kubelet configuration for one node and where it came from. */
export interface NodeConfig {
  source: "configz" | "profile" | "defaults";
  kubeletConfig: Record<string, unknown> | null;
  kubeletFlags: string | null;
}

/** Builds the analyze input document for one node (contract: docs/analyze-contract.md). */
export function engineInput(
  node: TrimmedNode,
  pods: readonly object[],
  summary: object | null,
  config: NodeConfig,
): Record<string, unknown> {
  const doc: Record<string, unknown> = { node, pods: [...pods] };
  if (summary) doc.summary = summary;
  if (config.kubeletConfig) doc.kubeletConfig = config.kubeletConfig;
  if (config.kubeletFlags) doc.kubeletFlags = config.kubeletFlags;
  return doc;
}

/** Maps an eviction signal to the family the overview colours by. */
export function familyOf(signal: Signal | string): SignalFamily {
  if (signal === "pid.available") return "pid";
  if (signal === "memory.available" || signal === "allocatableMemory.available") return "memory";
  return "disk";
}

/** Picks, per family, the threshold with the smallest margin relative to its signal's capacity. */
export function worstMargins(out: Pick<AnalyzeOutput, "signals">): Record<SignalFamily, WorstMargin | null> {
  const worst: Record<SignalFamily, WorstMargin | null> = { memory: null, disk: null, pid: null };
  for (const s of out.signals) {
    const fam = familyOf(s.signal);
    for (const t of s.thresholds) {
      // no capacity: a met threshold sorts first (-1), an unmet one as "no room measured" (0)
      const fraction = marginFraction(t.margin, s.capacity) ?? (t.margin < 0 ? -1 : 0);
      const cur = worst[fam];
      if (!cur || fraction < cur.fraction)
        worst[fam] = { signal: s.signal, margin: t.margin, fraction, kind: t.kind, met: t.met };
    }
  }
  return worst;
}

/** Converts a resource list to numbers (cpu in millicores, the rest in bytes/counts); skips bad quantities. */
export function amounts(list: ResourceList | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(list ?? {})) {
    if (v == null) continue;
    try {
      out[k] = quantityValue(k, v);
    } catch {
      // a malformed quantity is shown as absent, not as zero
    }
  }
  return out;
}

/** The pool label of a node (common managed-cluster labels, then Headroom's own). */
export function poolOf(labels: Record<string, string>): string | null {
  for (const k of [
    "headroom.dev/pool",
    "eks.amazonaws.com/nodegroup",
    "cloud.google.com/gke-nodepool",
    "kubernetes.azure.com/agentpool",
    "karpenter.sh/nodepool",
    "node.kubernetes.io/pool",
  ]) {
    if (labels[k]) return labels[k];
  }
  return null;
}

/** Reads the node's Ready status and the four conditions the overview shows. */
export function nodeConditions(node: TrimmedNode) {
  const list = (node.status.conditions ?? []) as { type: string; status: string }[];
  const is = (t: string) => list.find((c) => c.type === t)?.status === "True";
  const ready = list.find((c) => c.type === "Ready")?.status;
  return {
    ready: (ready === "True" || ready === "False" ? ready : "Unknown") as "True" | "False" | "Unknown",
    conditions: {
      MemoryPressure: is("MemoryPressure"),
      DiskPressure: is("DiskPressure"),
      PIDPressure: is("PIDPressure"),
      NetworkUnavailable: is("NetworkUnavailable"),
    },
  };
}
