import { Table, TableRow } from "@/components/ui/table";
import type { NodeDetail } from "@/lib/dto";
import type { AnalyzeOutput, OutputThreshold } from "@/lib/eviction";
import { formatBytes, formatDuration, formatPercent } from "@/lib/format";

import { ViewLabel } from "./view-label";

const SOURCE_TEXT: Record<string, string> = {
  configz: "read from the kubelet's /configz",
  profile: "from a node-pool profile (configz was not readable)",
  defaults: "kubelet defaults (no configz, no matching profile)",
};

function value(t: OutputThreshold["value"] | null): string {
  if (!t) return "–";
  return "percentage" in t ? formatPercent(t.percentage) : formatBytes(t.quantity);
}

/** The eviction settings in effect and where they came from. */
export function KubeletConfigPanel({ detail, result }: { detail: NodeDetail; result: AnalyzeOutput }) {
  return (
    <section aria-labelledby="config-h" className="space-y-2">
      <h2 id="config-h" className="text-lg font-medium">
        Kubelet eviction settings
        <ViewLabel />
      </h2>
      <p className="text-sm" data-testid="config-source">
        Source: <strong>{detail.row.collection.configSource}</strong> — {SOURCE_TEXT[detail.row.collection.configSource]}.
      </p>
      <Table label="Thresholds" columns={["signal", "kind", "value", "grace", "min reclaim"]} data-testid="thresholds-table">
        {result.thresholds.map((t, i) => (
          <TableRow key={i}>
            <td className="font-mono">{t.signal}</td>
            <td>{t.kind}</td>
            <td className="tabular-nums">{value(t.value)}</td>
            <td>{t.kind === "soft" ? formatDuration(t.gracePeriodSeconds) : "–"}</td>
            <td>{value(t.minReclaim)}</td>
          </TableRow>
        ))}
      </Table>
      {(detail.kubeletConfig || detail.kubeletFlags) && (
        <details>
          <summary className="cursor-pointer text-sm">Raw configuration</summary>
          <pre className="max-h-64 overflow-auto rounded bg-zinc-50 p-2 text-xs dark:bg-zinc-900">
            {detail.kubeletFlags ?? JSON.stringify(detail.kubeletConfig, null, 2)}
          </pre>
        </details>
      )}
    </section>
  );
}
