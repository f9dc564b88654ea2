"use client";

import { useQuery } from "@tanstack/react-query";

import { ErrorNote } from "@/components/ui/error-note";
import { Table, TableRow } from "@/components/ui/table";
import { evictionTimelineOptions } from "@/lib/client/queries";
import { formatTime } from "@/lib/format";

const hour = (t: number) => formatTime(t * 1000, { seconds: false });

/** The node's evictions of the last 7 days by the hour, read back from Prometheus after the API server's Events are gone. */
export function EvictionTimeline({ node }: { node: string }) {
  const { data, error } = useQuery(evictionTimelineOptions(node));
  return (
    <div className="space-y-1" data-testid="eviction-timeline">
      <h3 className="text-sm font-medium">Last 7 days, by the hour (Prometheus)</h3>
      {error ? (
        <ErrorNote role="status" className="text-sm">
          Could not read the timeline: {error.message}
        </ErrorNote>
      ) : !data ? (
        <p role="status" className="text-sm">
          Loading…
        </p>
      ) : data.source === "unavailable" ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="eviction-timeline-unavailable">
          Not available: {data.reason}. Events, and so the list above, last about an hour in the API server.
        </p>
      ) : data.entries.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No kubelet eviction counted on this node in the last 7 days.</p>
      ) : (
        <Table label="Evictions of the last 7 days" columns={["hour ending", "workload", "signal", "evictions"]}>
          {data.entries.map((e) => (
            <TableRow key={`${e.at}/${e.namespace}/${e.workloadKind}/${e.workload}/${e.signal}`}>
              <td className="whitespace-nowrap tabular-nums">{hour(e.at)}</td>
              <td className="font-mono">
                {e.namespace}/{e.workloadKind ? `${e.workloadKind}/` : ""}
                {e.workload || "(no owner)"}
              </td>
              <td className="font-mono">{e.signal}</td>
              <td className="tabular-nums">{e.count}</td>
            </TableRow>
          ))}
        </Table>
      )}
    </div>
  );
}
