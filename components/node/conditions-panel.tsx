import { Table, TableRow } from "@/components/ui/table";
import type { NodeDetail } from "@/lib/contract/dto";
import { DEFAULT_NODE_LEASE_DURATION_SECONDS } from "@/lib/eviction";
import { cn, formatDuration, formatIsoTime } from "@/lib/format";

/** Node conditions as the kubelet reports them, with their transition history. */
export function ConditionsPanel({ detail }: { detail: NodeDetail }) {
  return (
    <section aria-labelledby="conditions-h" className="space-y-2">
      <h2 id="conditions-h" className="text-lg font-medium">
        Conditions
      </h2>
      <Table
        label="Conditions"
        columns={["type", "status", "reason", "last transition", "last heartbeat"]}
        data-testid="conditions-table"
      >
        {detail.conditions.map((c) => {
          const bad = c.type === "Ready" ? c.status !== "True" : c.status === "True";
          return (
            <TableRow key={c.type} title={c.message}>
              <td>{c.type}</td>
              <td className={cn(bad && "font-semibold text-red-700 dark:text-red-400")}>{c.status}</td>
              <td>{c.reason}</td>
              <td>{formatIsoTime(c.lastTransitionTime)}</td>
              <td>{formatIsoTime(c.lastHeartbeatTime)}</td>
            </TableRow>
          );
        })}
      </Table>
      {detail.conditionHistory.length > 0 && (
        <details>
          <summary className="cursor-pointer text-sm">Transition history ({detail.conditionHistory.length})</summary>
          <ol className="mt-1 space-y-0.5 text-xs">
            {detail.conditionHistory.map((h, i) => (
              <li key={i}>
                {formatIsoTime(h.time)} — {h.type} → {h.status}
                {h.reason ? ` (${h.reason})` : ""}
              </li>
            ))}
          </ol>
        </details>
      )}
      {detail.lease && (
        <p className="text-sm">
          Lease held by <span className="font-mono">{detail.lease.holderIdentity ?? "–"}</span>, renewed{" "}
          {detail.lease.renewTime ? formatIsoTime(detail.lease.renewTime) : "never"} (duration{" "}
          {formatDuration(detail.lease.leaseDurationSeconds ?? DEFAULT_NODE_LEASE_DURATION_SECONDS)}).
        </p>
      )}
    </section>
  );
}
