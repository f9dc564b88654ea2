import { Explain } from "@/components/ui/explain";
import { ViewLabel } from "@/components/ui/view-label";
import type { AnalyzeOutput } from "@/lib/eviction";
import { formatResource } from "@/lib/format";

const SEGMENTS = [
  { key: "kubeReserved", label: "kube-reserved", color: "bg-violet-400 dark:bg-violet-600" },
  { key: "systemReserved", label: "system-reserved", color: "bg-fuchsia-300 dark:bg-fuchsia-700" },
  { key: "evictionHard", label: "eviction-hard", color: "bg-rose-400 dark:bg-rose-600" },
] as const;
const RESOURCES = ["cpu", "memory", "ephemeral-storage"] as const;

export interface BreakdownProps {
  capacity: Record<string, number>;
  reported: Record<string, number>;
  result: AnalyzeOutput;
  /** Allocatable from the live settings: what the node's report is checked against (not a what-if's). */
  liveAllocatable: Record<string, number>;
  requested: Record<string, number>;
  used: Record<string, number>;
}

function Bar({ resource, p }: { resource: string; p: BreakdownProps }) {
  const cap = p.capacity[resource] ?? 0;
  if (!cap) return null;
  const pct = (n: number) => `${Math.max(0, Math.min(100, (n / cap) * 100))}%`;
  const alloc = p.result.allocatable[resource] ?? 0;
  const reported = p.reported[resource];
  const live = p.liveAllocatable[resource];
  const mismatch = reported != null && live != null && reported !== live;
  const parts = SEGMENTS.map((s) => ({ ...s, value: p.result.reservation[s.key][resource] ?? 0 }));
  const summary = `${resource}: capacity ${formatResource(resource, cap)}; ${parts.map((s) => `${s.label} ${formatResource(resource, s.value)}`).join(", ")}; allocatable ${formatResource(resource, alloc)}; requested ${formatResource(resource, p.requested[resource] ?? 0)}${p.used[resource] != null ? `; used ${formatResource(resource, p.used[resource] ?? 0)}` : ""}`;
  return (
    <div className="space-y-1" data-testid={`breakdown-${resource}`}>
      <div className="flex justify-between text-sm">
        <span className="font-medium">{resource}</span>
        <span className="tabular-nums text-zinc-600 dark:text-zinc-400">
          allocatable <strong data-testid={`allocatable-${resource}`}>{formatResource(resource, alloc)}</strong> of{" "}
          {formatResource(resource, cap)}
        </span>
      </div>
      <div
        className="relative flex h-6 overflow-hidden rounded bg-zinc-100 dark:bg-zinc-800"
        role="img"
        aria-label={summary}
        title={summary}
      >
        <div className="h-full bg-emerald-300 dark:bg-emerald-800" style={{ width: pct(alloc) }} />
        {parts.map((s) => (
          <div key={s.key} className={`h-full ${s.color}`} style={{ width: pct(s.value) }} />
        ))}
        <div className="absolute top-1 h-1.5 bg-sky-700 dark:bg-sky-300" style={{ width: pct(p.requested[resource] ?? 0) }} />
        {p.used[resource] != null && (
          <div className="absolute bottom-1 h-1.5 bg-zinc-900 dark:bg-white" style={{ width: pct(p.used[resource] ?? 0) }} />
        )}
      </div>
      {mismatch && (
        <p role="note" className="text-xs text-amber-700 dark:text-amber-400">
          The node reports {formatResource(resource, reported)} allocatable; its kubelet settings give{" "}
          {formatResource(resource, live ?? 0)}. The configuration shown may not be the one the kubelet started with.
        </p>
      )}
    </div>
  );
}

/** Where capacity goes, per resource: reservations, the hard-eviction reserve and allocatable, with requests and usage over it. */
export function CapacityBreakdown(p: BreakdownProps) {
  return (
    <section aria-labelledby="breakdown-h" className="space-y-3">
      <h2 id="breakdown-h" className="text-lg font-medium">
        Capacity <Explain term="allocatable" />
        <ViewLabel />
      </h2>
      <ul className="flex flex-wrap gap-3 text-xs">
        <li>
          <span className="mr-1 inline-block h-2 w-3 bg-emerald-300 dark:bg-emerald-800" />
          allocatable
        </li>
        {SEGMENTS.map((s) => (
          <li key={s.key}>
            <span className={`mr-1 inline-block h-2 w-3 ${s.color}`} />
            {s.label}
          </li>
        ))}
        <li>
          <span className="mr-1 inline-block h-1.5 w-3 bg-sky-700 dark:bg-sky-300" />
          requested by pods
        </li>
        <li>
          <span className="mr-1 inline-block h-1.5 w-3 bg-zinc-900 dark:bg-white" />
          used
        </li>
      </ul>
      {RESOURCES.map((r) => (
        <Bar key={r} resource={r} p={p} />
      ))}
    </section>
  );
}
