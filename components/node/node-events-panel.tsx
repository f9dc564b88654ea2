import { MUTED } from "@/components/ui/styles";
import { Table, TableRow } from "@/components/ui/table";
import type { NodeDetail } from "@/lib/contract/dto";
import { cn, formatAge } from "@/lib/format";

/** The node's recent Events from the API server, as `kubectl describe node` lists them: reason, count, age. */
export function NodeEventsPanel({ detail }: { detail: NodeDetail }) {
  const events = detail.events ?? [];
  const now = Date.parse(detail.generatedAt);
  return (
    <section aria-labelledby="node-events-h" className="space-y-2" data-testid="node-events">
      <h2 id="node-events-h" className="text-lg font-medium">
        Events
      </h2>
      {events.length === 0 ? (
        <p className={cn("text-sm", MUTED)}>No Events about this node in the API server (it keeps them for an hour).</p>
      ) : (
        <Table label="Events about this node" columns={["type", "reason", "count", "age", "message"]}>
          {events.map((e, i) => (
            <TableRow key={i} data-testid="node-event">
              <td className={e.type === "Warning" ? "font-semibold text-amber-800 dark:text-amber-300" : undefined}>{e.type}</td>
              <td className="font-mono text-xs" data-testid="node-event-reason">
                {e.reason}
              </td>
              <td className="tabular-nums">{e.count}</td>
              <td className="tabular-nums" title={e.time ?? undefined}>
                {e.time ? formatAge(Math.max(0, (now - Date.parse(e.time)) / 1000)) : "–"}
              </td>
              <td className="text-xs [overflow-wrap:anywhere]">{e.message}</td>
            </TableRow>
          ))}
        </Table>
      )}
    </section>
  );
}
