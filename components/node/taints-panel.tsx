import { Table, TableRow } from "@/components/ui/table";
import type { NodeDetail } from "@/lib/contract/dto";
import type { Node } from "@/lib/eviction";
import { formatAge, formatTime } from "@/lib/format";

const EFFECT: Record<string, string> = {
  NoSchedule: "no new pod is scheduled here without a toleration",
  PreferNoSchedule: "the scheduler avoids the node",
  NoExecute: "running pods without a toleration are deleted by the taint eviction controller",
};

/** The node's taints as `kubectl describe node` prints them (key=value:effect), with when each was added and what it does. */
export function TaintsPanel({ detail }: { detail: NodeDetail }) {
  const spec = (detail.node as Node).spec;
  const taints = spec?.taints ?? [];
  const now = Date.parse(detail.generatedAt);
  return (
    <section aria-labelledby="taints-h" className="space-y-2" data-testid="taints">
      <h2 id="taints-h" className="text-lg font-medium">
        Taints
      </h2>
      {taints.length === 0 ? (
        <p className="text-sm">
          Taints: <span className="font-mono">&lt;none&gt;</span>
        </p>
      ) : (
        <Table label="Taints" columns={["taint", "added", "effect"]} data-testid="taints-table">
          {taints.map((t) => {
            const added = t.timeAdded ? Date.parse(t.timeAdded) : NaN;
            const text = `${t.key}${t.value ? `=${t.value}` : ""}:${t.effect}`;
            return (
              <TableRow key={text}>
                <td className="font-mono [overflow-wrap:anywhere]">{text}</td>
                <td className="tabular-nums">
                  {Number.isNaN(added) ? "–" : `${formatTime(added)} (${formatAge((now - added) / 1000)} ago)`}
                </td>
                <td>{EFFECT[t.effect] ?? t.effect}</td>
              </TableRow>
            );
          })}
        </Table>
      )}
      <p className="text-sm">
        Unschedulable: <span className="font-mono">{spec?.unschedulable ? "true" : "false"}</span>
      </p>
    </section>
  );
}
