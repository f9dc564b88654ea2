import { MUTED } from "@/components/ui/styles";
import { HOUSEKEEPING_INTERVAL_SECONDS, type PodReport } from "@/lib/eviction";
import { cn, formatBytes } from "@/lib/format";

// Each caveat is confirmed in the kernel's mm/oom_kill.c or the kubelet's source (cited in
// lib/eviction/pods/oom-order.ts and docs/engine-rules.md, "Kernel OOM order").
const CAVEATS = [
  "Per container, not per process: the Summary gives each container's cgroup total, so rss is its rssBytes (anonymous memory) or, when the kubelet omits it, its working set. The kernel scores every process on its own; on cgroup v2 the kubelet (1.32+) sets memory.oom.group on each container unless singleProcessOOMKill is true, so once one process is picked its whole container is killed.",
  "Page tables count in the kernel's score but are not in the Summary: left out. Swap counts when the kubelet reports it.",
  "totalpages is the node's memory capacity plus its swap; the kernel's own RAM figure is slightly smaller (memory it reserved at boot).",
  "Processes outside pods are not listed: the kubelet and usually the container runtime run at −999, system daemons typically at 0 with their own size.",
  "A container that reaches its own memory limit is a cgroup OOM: only its own processes are candidates, whatever this order says.",
  "Equal scores: the kernel takes the process it scans last, which the Summary does not show; ties are listed by name.",
];

/** Why the kernel's order differs from the kubelet's, and what the estimate leaves out. */
export function OomOrderNotes() {
  return (
    <>
      <p className="max-w-3xl text-sm">
        If node memory runs out before the kubelet acts (a leak faster than its {HOUSEKEEPING_INTERVAL_SECONDS} s housekeeping),
        the kernel&apos;s OOM killer chooses, not the kubelet. The kubelet ranks pods by usage over request, then priority; the
        kernel by size plus oom_score_adj × totalpages / 1000, so a Burstable container far above a small request can die before a
        small BestEffort one, and priority plays no part.
      </p>
      <details className="max-w-3xl text-sm">
        <summary className="cursor-pointer">How this is estimated, and what it leaves out</summary>
        <ul className={cn("mt-1 list-disc space-y-1 pl-5", MUTED)}>
          {CAVEATS.map((c) => (
            <li key={c.slice(0, 24)}>{c}</li>
          ))}
        </ul>
      </details>
    </>
  );
}

/** Pods mid in-place resize: the kubelet's oom_score_adj follows the allocated request, ranking the spec. */
export function ResizingPods({ pods }: { pods: PodReport[] }) {
  const resizing = pods.filter((p) => p.resize || p.containers.some((c) => c.memoryRequest));
  if (!resizing.length) return null;
  return (
    <div className="space-y-1 rounded border border-amber-300 p-2 text-sm dark:border-amber-700" data-testid="resizing-pods">
      <h3 className="font-medium">Mid in-place resize</h3>
      {resizing.map((p) => (
        <div key={p.uid} data-testid="resizing-pod">
          <span className="font-mono break-all">
            {p.namespace}/{p.name}
          </span>{" "}
          <span className={MUTED}>
            {p.resize?.pending
              ? `PodResizePending (${p.resize.pending.reason})`
              : p.resize?.inProgress
                ? "PodResizeInProgress"
                : "allocation differs from spec"}
          </span>
          <ul className="list-disc pl-5">
            {p.containers.map((c) => (
              <li key={c.name}>
                <span className="font-mono">{c.name}</span>:{" "}
                {c.memoryRequest
                  ? `memory request ${formatBytes(c.memoryRequest.spec)} in spec, ${formatBytes(c.memoryRequest.allocated)} allocated; `
                  : "memory request unchanged; "}
                oom_score_adj{" "}
                <span className="font-semibold tabular-nums" data-testid="resizing-oom">
                  {c.oomScoreAdj ?? "?"}
                </span>{" "}
                from the allocated request (the kubelet applies the spec only once it admits the resize); eviction ranking already
                uses the spec.
              </li>
            ))}
          </ul>
          {p.resize?.pending?.message && <p className={cn("text-xs", MUTED)}>{p.resize.pending.message}</p>}
        </div>
      ))}
    </div>
  );
}
