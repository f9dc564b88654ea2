import { Table, TableRow } from "@/components/ui/table";
import type { EvictionRecord } from "@/lib/dto";
import { formatBytes } from "@/lib/format";
import { EvictionTimeline } from "./eviction-timeline";

const KIND_LABEL: Record<EvictionRecord["kind"], string> = {
  "node-pressure": "node-pressure eviction (kubelet)",
  api: "API eviction (drain, descheduler)",
  oom: "OOMKilled (kernel)",
  preemption: "preemption (scheduler)",
};

/** Recent evictions on the node, with the kubelet's message taken apart. */
export function EvictionsTable({ evictions, node }: { evictions: EvictionRecord[]; node: string }) {
  return (
    <section aria-labelledby="evictions-h" className="space-y-2">
      <h2 id="evictions-h" className="text-lg font-medium">
        Recent evictions
      </h2>
      {evictions.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">None recorded.</p>
      ) : (
        <Table label="Recent evictions" columns={["time", "pod", "kind", "resource", "threshold / available", "containers over request"]} data-testid="evictions-table">
          {evictions.map((e, i) => (
            <TableRow key={`${e.namespace}/${e.pod}/${i}`} className="align-top" title={e.message}>
              <td className="whitespace-nowrap">{e.time ? new Date(e.time).toLocaleTimeString() : "–"}</td>
              <td className="font-mono">
                {e.namespace}/{e.pod}
              </td>
              <td>{KIND_LABEL[e.kind]}</td>
              <td>{e.signalResource ?? "–"}</td>
              <td className="tabular-nums">
                {e.thresholdQuantity != null ? formatBytes(e.thresholdQuantity) : "–"} / {e.available != null ? formatBytes(e.available) : "–"}
              </td>
              <td className="text-xs">
                {e.containers.map((c) => `${c.name}: ${formatBytes(c.usage)} (request ${formatBytes(c.request)})`).join("; ") || "–"}
              </td>
            </TableRow>
          ))}
        </Table>
      )}
      <EvictionTimeline node={node} />
    </section>
  );
}
