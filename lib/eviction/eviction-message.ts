import type { Container, ContainerStats, Pod, PodStats } from "./k8s-types";
import { formatQuantity, parseBytes, parsedQuantityString } from "./quantities/quantity";

export type ReclaimResource = "memory" | "ephemeral-storage" | "inodes" | "pids";

interface OffendingContainer {
  name: string;
  usage: number;
  request: number;
}

function containerUsage(stats: ContainerStats, resource: ReclaimResource): number | null {
  if (resource === "memory") return stats.memory?.workingSetBytes ?? null;
  if (resource === "ephemeral-storage") {
    // The kubelet needs both rootfs and logs; with either missing it names no container.
    const root = stats.rootfs?.usedBytes;
    const logs = stats.logs?.usedBytes;
    return root == null || logs == null ? null : root + logs;
  }
  return null;
}

function requestString(container: Container, resource: string): string {
  const raw = container.resources?.requests?.[resource];
  return raw == null ? "0" : parsedQuantityString(String(raw));
}

/** Lists the regular containers whose usage of the resource is strictly above their own request (kubelet `evictionMessage`). */
function offendingContainers(pod: Pod, stats: PodStats | undefined, resource: ReclaimResource): OffendingContainer[] {
  const out: OffendingContainer[] = [];
  for (const cs of stats?.containers ?? []) {
    const container = pod.spec?.containers?.find((c) => c.name === cs.name);
    if (!container) continue;
    const usage = containerUsage(cs, resource);
    const raw = container.resources?.requests?.[resource];
    const request = raw == null ? 0 : parseBytes(raw);
    if (usage != null && usage > request) out.push({ name: container.name, usage, request });
  }
  return out;
}

/** Formats a threshold quantity as the kubelet prints it: a configured quantity as written (Go's String()), a percentage resolved, in BinarySI. */
export function thresholdQuantityString(resolved: number, configured: string | undefined, isPercentage: boolean): string {
  return !isPercentage && configured ? parsedQuantityString(configured) : formatQuantity(resolved, "BinarySI");
}

export interface EvictionMessage {
  message: string;
  /** Containers over their own request, in Summary order, with usage as printed (event annotations). */
  offending: { name: string; usage: string }[];
}

/**
 * Builds the pod status message the kubelet writes on eviction (`evictionMessage`):
 * "The node was low on resource: memory. Threshold quantity: 100Mi, available: 63656Ki. Container …".
 * `threshold.quantity` is already formatted (see thresholdQuantityString); usage prints in BinarySI.
 */
export function evictionMessage(
  pod: Pod,
  stats: PodStats | undefined,
  resource: ReclaimResource,
  threshold: { quantity: string; available: number } | null,
): EvictionMessage {
  let message = `The node was low on resource: ${resource}. `;
  if (threshold)
    message += `Threshold quantity: ${threshold.quantity}, available: ${formatQuantity(threshold.available, "BinarySI")}. `;
  const offending: EvictionMessage["offending"] = [];
  for (const c of offendingContainers(pod, stats, resource)) {
    const container = pod.spec?.containers?.find((x) => x.name === c.name) as Container;
    const usage = formatQuantity(c.usage, "BinarySI");
    message += `Container ${c.name} was using ${usage}, request is ${requestString(container, resource)}, has larger consumption of ${resource}. `;
    offending.push({ name: c.name, usage });
  }
  return { message, offending };
}

export interface ParsedEvictionMessage {
  resource: string;
  thresholdQuantity: number | null;
  available: number | null;
  containers: { name: string; usage: number; request: number }[];
  /** "current" (v1.23+: "request is …, has larger consumption"), "legacy" ("which exceeds its request of …"). */
  format: "current" | "legacy";
}

const HEAD = /The node was low on resource: ([\w.-]+)\.\s*/;
const THRESHOLD = /Threshold quantity: ([^,\s]+), available: ([^.\s]+(?:\.\d+)?)\.\s*/;
const CURRENT = /Container (\S+) was using (\S+), request is (\S+), has larger consumption of [\w.-]+\.?/g;
const LEGACY = /Container (\S+) was using (\S+), which exceeds its request of ([^.\s]+(?:\.\d+)?)\.?/g;

function quantityOrNull(s: string): number | null {
  try {
    return parseBytes(s);
  } catch {
    return null;
  }
}

/** Parses a kubelet eviction message (either format); returns null when the text is not one. */
export function parseEvictionMessage(text: string): ParsedEvictionMessage | null {
  const head = HEAD.exec(text);
  if (!head) return null;
  const rest = text.slice(head.index + head[0].length);
  const th = THRESHOLD.exec(rest);
  const containers: ParsedEvictionMessage["containers"] = [];
  let format: ParsedEvictionMessage["format"] = "current";
  for (const m of rest.matchAll(CURRENT)) {
    containers.push({
      name: m[1] as string,
      usage: quantityOrNull(m[2] as string) ?? 0,
      request: quantityOrNull(m[3] as string) ?? 0,
    });
  }
  if (containers.length === 0) {
    for (const m of rest.matchAll(LEGACY)) {
      format = "legacy";
      containers.push({
        name: m[1] as string,
        usage: quantityOrNull(m[2] as string) ?? 0,
        request: quantityOrNull(m[3] as string) ?? 0,
      });
    }
  }
  return {
    resource: head[1] as string,
    thresholdQuantity: th ? quantityOrNull(th[1] as string) : null,
    available: th ? quantityOrNull(th[2] as string) : null,
    containers,
    format,
  };
}
