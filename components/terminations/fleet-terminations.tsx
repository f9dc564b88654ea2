"use client";

import { queryOptions, useQuery } from "@tanstack/react-query";

import { MUTED } from "@/components/ui/styles";
import { cn, formatTime } from "@/lib/format";
import { getJson } from "@/lib/queries";
import type { TerminationCause } from "@/lib/termination-doc";
import { fleetTerminations, type FleetTerminations } from "@/lib/terminations/fleet";
import { CAUSE_LABEL } from "@/lib/terminations/verdict";
import { REPEAT_AT, type WorkloadTerminations } from "@/lib/terminations/workloads";

import { TerminationsTable } from "./terminations-table";

const TERMINATIONS_URL = "/api/terminations";

/** The fleet's terminations by workload, refreshed every 30 s (the log changes only when a pod dies). */
function terminationsOptions() {
  return queryOptions({
    queryKey: ["terminations"] as const,
    queryFn: async (): Promise<FleetTerminations> => fleetTerminations.parse(await getJson(TERMINATIONS_URL)),
    refetchInterval: 30_000,
  });
}

const causes = (w: WorkloadTerminations) =>
  (Object.entries(w.byCause) as [TerminationCause, number][]).map(([c, n]) => `${CAUSE_LABEL[c]}: ${n}`).join(" · ");

function WorkloadCard({ w }: { w: WorkloadTerminations }) {
  const repeat = w.count >= REPEAT_AT;
  const title = w.kind === "Node" ? `Node ${w.name}` : `${w.kind} ${w.namespace}/${w.name}`;
  return (
    <li
      className="space-y-2 rounded border border-zinc-200 p-3 dark:border-zinc-800"
      data-testid="workload-terminations"
      data-workload={`${w.kind}/${w.name}`}
    >
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 className="font-mono text-base font-semibold [overflow-wrap:anywhere]">{title}</h2>
        {repeat && (
          <span className="rounded bg-red-100 px-2 py-0.5 text-xs font-medium text-red-900 dark:bg-red-900/40 dark:text-red-100">
            repeat offender
          </span>
        )}
        <span className="text-sm" data-testid="workload-count">
          {w.count} termination{w.count > 1 ? "s" : ""}
          {w.last ? `, last at ${formatTime(Date.parse(w.last))}` : ""}
        </span>
      </div>
      <p className={cn("text-sm", MUTED)}>
        {causes(w)}
        {w.nodes.length
          ? ` · on ${w.nodes.length > 3 ? `${w.nodes.slice(0, 3).join(", ")} and ${w.nodes.length - 3} more` : w.nodes.join(", ")}`
          : ""}
      </p>
      {w.suggestions.length > 0 && (
        <div>
          <h3 className="text-sm font-medium">Suggested fix</h3>
          <ul className="list-disc space-y-0.5 pl-5 text-sm" data-testid="suggestions">
            {w.suggestions.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </div>
      )}
      <details>
        <summary className="cursor-pointer text-sm text-blue-700 dark:text-blue-300">Each termination with its verdict</summary>
        <TerminationsTable terminations={w.terminations} label={`Terminations of ${title}`} showNode />
      </details>
    </li>
  );
}

/** The /terminations page: every termination Headroom saw, grouped by owning workload, repeat offenders first. */
export function FleetTerminationsView() {
  const { data, error, isPending } = useQuery(terminationsOptions());
  if (isPending) return <p role="status">Loading terminations…</p>;
  if (error)
    return (
      <p role="alert" className="text-red-700 dark:text-red-300">
        Could not load the terminations: {error.message}
      </p>
    );
  const repeat = data.workloads.filter((w) => w.count >= REPEAT_AT).length;
  return (
    <div className="space-y-4">
      <p className="text-sm" data-testid="terminations-summary">
        {data.count} termination{data.count === 1 ? "" : "s"} in {data.workloads.length} workload
        {data.workloads.length === 1 ? "" : "s"}; {repeat} repeat offender{repeat === 1 ? "" : "s"}.
      </p>
      {data.workloads.length === 0 ? (
        <p className={cn("text-sm", MUTED)}>No pod has died since Headroom started, as far as the API server still tells.</p>
      ) : (
        <ul className="space-y-3">
          {data.workloads.map((w) => (
            <WorkloadCard key={`${w.namespace}/${w.kind}/${w.name}`} w={w} />
          ))}
        </ul>
      )}
      <p className={cn("text-xs", MUTED)}>
        Kept in memory: at most {data.retention.max} terminations, {data.retention.maxPerNode} per node, for{" "}
        {data.retention.hours} h; a restart of Headroom starts again from what the API server still has.
      </p>
    </div>
  );
}
