"use client";

import { queryOptions, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Fragment, useMemo } from "react";

import { InvalidParamsNote } from "@/components/dashboard/invalid-params-note";
import { ReplicaLine } from "@/components/dashboard/replica-line";
import { MUTED } from "@/components/ui/styles";
import { getJson } from "@/lib/client/cluster-query";
import type { TerminationCause } from "@/lib/contract/termination";
import { cn, formatTime } from "@/lib/format";
import { facetsOf, filterTerminations } from "@/lib/terminations/filters";
import { fleetTerminations, type FleetTerminations } from "@/lib/terminations/fleet";
import { groupByWorkload, REPEAT_AT, type WorkloadTerminations } from "@/lib/terminations/workloads";
import { CAUSE_LABEL } from "@/lib/words/termination";

import { TerminationFiltersForm } from "./termination-filters";
import { TerminationsTable } from "./terminations-table";
import { useTerminationFilters } from "./use-termination-filters";

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

const LINK = "text-blue-700 underline dark:text-blue-300";
const nodeHref = (n: string) => `/nodes/${encodeURIComponent(n)}`;

/** Nodes as links, the first three by name and a count of the rest. */
function NodeLinks({ nodes }: { nodes: string[] }) {
  const shown = nodes.slice(0, 3);
  return (
    <>
      {" · on "}
      {shown.map((n, i) => (
        <Fragment key={n}>
          {i > 0 && ", "}
          <Link className={`${LINK} font-mono [overflow-wrap:anywhere]`} href={nodeHref(n)}>
            {n}
          </Link>
        </Fragment>
      ))}
      {nodes.length > 3 && ` and ${nodes.length - 3} more`}
    </>
  );
}

/**
 * One group's card: a workload (a repeat offender from its second termination) or a node (system
 * OOMs kill processes, not a workload's pods: the node is where to look, not an offender).
 */
function GroupCard({ w }: { w: WorkloadTerminations }) {
  const isNode = w.kind === "Node";
  const repeat = !isNode && w.count >= REPEAT_AT;
  const title = isNode ? `Node ${w.name}` : `${w.kind} ${w.namespace}/${w.name}`;
  return (
    <li
      className="space-y-2 rounded border border-zinc-200 p-3 dark:border-zinc-800"
      data-testid={isNode ? "node-terminations" : "workload-terminations"}
      data-workload={`${w.kind}/${w.name}`}
    >
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 className="font-mono text-base font-semibold [overflow-wrap:anywhere]">
          {isNode ? (
            <>
              Node{" "}
              <Link className={LINK} href={nodeHref(w.name)}>
                {w.name}
              </Link>
            </>
          ) : (
            title
          )}
        </h3>
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
        {!isNode && w.nodes.length > 0 && <NodeLinks nodes={w.nodes} />}
      </p>
      {w.suggestions.length > 0 && (
        <div>
          <h4 className="text-sm font-medium">Suggested fix</h4>
          <ul className="list-disc space-y-0.5 pl-5 text-sm" data-testid="suggestions">
            {w.suggestions.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </div>
      )}
      <details>
        <summary className="cursor-pointer text-sm text-blue-700 dark:text-blue-300">Each termination with its verdict</summary>
        <TerminationsTable terminations={w.terminations} label={`Terminations of ${title}`} showNode={!isNode} />
      </details>
    </li>
  );
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function Ranked({
  title,
  hint,
  groups,
  testId,
}: {
  title: string;
  hint: string;
  groups: WorkloadTerminations[];
  testId: string;
}) {
  if (groups.length === 0) return null;
  return (
    <section aria-labelledby={`${testId}-title`} className="space-y-2" data-testid={testId}>
      <h2 id={`${testId}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <p className={cn("text-sm", MUTED)}>{hint}</p>
      <ul className="space-y-3">
        {groups.map((w) => (
          <GroupCard key={`${w.namespace}/${w.kind}/${w.name}`} w={w} />
        ))}
      </ul>
    </section>
  );
}

/**
 * The /terminations page: every termination Headroom saw, searched and filtered by the URL, then
 * grouped: workloads (repeat offenders first) and, apart, nodes whose system OOMs killed processes.
 */
export function FleetTerminationsView() {
  const { data, error, isPending } = useQuery(terminationsOptions());
  const { filters, invalid, setFilters } = useTerminationFilters();
  const all = useMemo(() => data?.workloads.flatMap((w) => w.terminations) ?? [], [data]);
  const facets = useMemo(() => facetsOf(all), [all]);
  const groups = useMemo(
    () => (data ? groupByWorkload(filterTerminations(all, filters, Date.parse(data.generatedAt))) : []),
    [all, data, filters],
  );
  if (isPending) return <p role="status">Loading terminations…</p>;
  if (error)
    return (
      <p role="alert" className="text-red-700 dark:text-red-300">
        Could not load the terminations: {error.message}
      </p>
    );
  const workloads = groups.filter((w) => w.kind !== "Node");
  const nodes = groups.filter((w) => w.kind === "Node");
  const inWorkloads = workloads.reduce((s, w) => s + w.count, 0);
  const onNodes = nodes.reduce((s, w) => s + w.count, 0);
  const repeat = workloads.filter((w) => w.count >= REPEAT_AT).length;
  const shown = inWorkloads + onNodes;
  return (
    <div className="space-y-4">
      <InvalidParamsNote invalid={invalid} />
      <ReplicaLine replicas={data.replicas} missing="the terminations on their nodes are missing from this list" />
      {all.length > 0 && <TerminationFiltersForm facets={facets} filters={filters} setFilters={setFilters} />}
      <p className="text-sm" data-testid="terminations-summary" aria-live="polite">
        {shown === all.length ? plural(shown, "termination") : `${shown} of ${plural(all.length, "termination")}`}:{" "}
        {plural(inWorkloads, "termination")} in {plural(workloads.length, "workload")}, {plural(repeat, "repeat offender")}
        {nodes.length > 0 && `; ${plural(onNodes, "system OOM")} on ${plural(nodes.length, "node")}`}.
      </p>
      {all.length === 0 ? (
        <p className={cn("text-sm", MUTED)}>No pod has died since Headroom started, as far as the API server still tells.</p>
      ) : shown === 0 ? (
        <p className={cn("text-sm", MUTED)}>No termination matches these filters.</p>
      ) : (
        <>
          <Ranked
            title="Workloads"
            testId="workload-ranking"
            hint="By the workload that owns the pods, most terminations first; two or more make a repeat offender, with the fix its terminations point to."
            groups={workloads}
          />
          <Ranked
            title="Nodes"
            testId="node-ranking"
            hint="System OOMs: the kernel killed processes when the whole node ran out of memory. The node is where to look (its reservations and the pods without limits), not an offender."
            groups={nodes}
          />
        </>
      )}
      <p className={cn("text-xs", MUTED)}>
        Kept in memory: at most {data.retention.max} terminations, {data.retention.maxPerNode} per node, for{" "}
        {data.retention.hours} h; a restart of Headroom starts again from what the API server still has.
      </p>
    </div>
  );
}
