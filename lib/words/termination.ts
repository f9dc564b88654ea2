// Pure: one sentence per termination, in the operator's words: what killed the pod, when, and the
// numbers behind it. Times go through the caller's formatter (the pages use the reader's local
// clock, like every other time on the node page).
import type { Termination } from "@/lib/contract/termination";
import { formatBytes } from "@/lib/format";

type TimeFormat = (iso: string) => string;

/** "1st", "2nd", "3rd", "4th", "11th", "22nd"… */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : n % 10 === 1 ? "st" : n % 10 === 2 ? "nd" : n % 10 === 3 ? "rd" : "th";
  return `${n}${suffix}`;
}

const priority = (t: Termination) => (t.priority === null ? "" : `, priority ${t.priority}`);

function kubeletEviction(t: Termination, at: string): string {
  // Node shutdown also terminates with TerminationByKubelet; its message is not an eviction message.
  if (!t.resource) return `Terminated by the kubelet${at}: ${t.message || "no message"}${priority(t)}`;
  const what = t.signal ?? `low ${t.resource}`;
  const over = (t.containers ?? []).map(
    (c) => `${c.name} used ${formatBytes(c.usage)} against a ${c.request ? `${formatBytes(c.request)} request` : "zero request"}`,
  );
  const threshold =
    t.thresholdQuantity != null && t.available != null
      ? ` (threshold ${formatBytes(t.thresholdQuantity)}, ${formatBytes(t.available)} available)`
      : "";
  const usage = over.length ? `: ${over.join("; ")}` : ": no container above its request";
  return `Evicted by the kubelet${at} for ${what}${threshold}${usage}${priority(t)}`;
}

/** The verdict in words for one termination. */
export function terminationVerdict(t: Termination, fmt: TimeFormat): string {
  const at = t.time ? ` at ${fmt(t.time)}` : "";
  switch (t.cause) {
    case "kubelet-eviction":
      return kubeletEviction(t, at);
    case "api-eviction":
      return `Evicted through the eviction API${at}${t.cordoned ? " while the node was cordoned (a drain)" : " (a drain, the descheduler or the cluster autoscaler)"}${priority(t)}`;
    case "preemption":
      return `Preempted by the scheduler${at} for ${t.preemptor ? `pod ${t.preemptor}` : "a higher-priority pod"}${priority(t)}`;
    case "taint-manager": {
      const taints = t.taints?.length
        ? `the node had the NoExecute taint ${t.taints.join(", ")}`
        : "the node had a NoExecute taint";
      return `Deleted by the taint manager${at}: ${taints} and the pod did not tolerate it (or its tolerationSeconds ran out)`;
    }
    case "pod-gc":
      return `Deleted by the pod garbage collector${at}: ${t.message}`;
    case "oom-killed": {
      const limit =
        t.limit != null ? `at its ${formatBytes(t.limit)} limit` : "with no memory limit (the node ran out of memory)";
      const restart = t.restartCount ? ` (${ordinal(t.restartCount)} restart)` : "";
      return `OOM-killed by the kernel in container ${t.container ?? "?"} ${limit}${at}${restart}`;
    }
    case "system-oom": {
      const victim = t.process ? `process ${t.process}${t.pid != null ? ` (pid ${t.pid})` : ""}` : "a process";
      return `System OOM on the node${at}: the kernel killed ${victim} outside a container's own limit`;
    }
    case "deleted":
      return `Deleted while running${at}, with no disruption condition (a user, a rollout or a scale-down)`;
  }
}

/** A short label per cause, for table columns and filters. */
export const CAUSE_LABEL: Record<Termination["cause"], string> = {
  "kubelet-eviction": "kubelet eviction",
  "api-eviction": "eviction API (drain)",
  preemption: "preemption",
  "taint-manager": "taint manager",
  "pod-gc": "pod GC",
  "oom-killed": "OOM-killed",
  "system-oom": "system OOM",
  deleted: "deleted",
};
