import { Table, TableRow } from "@/components/ui/table";
import { ViewLabel } from "@/components/ui/view-label";
import type { NodeDetail } from "@/lib/contract/dto";
import { parseKubeletFlags, thresholdOrigin, type AnalyzeOutput, type OutputThreshold } from "@/lib/eviction";
import { formatBytes, formatDuration, formatPercent } from "@/lib/format";

const SOURCE_TEXT: Record<string, string> = {
  configz: "read from the kubelet's /configz",
  profile: "from a node-pool profile (configz was not readable)",
  defaults: "kubelet defaults (no configz, no matching profile)",
};

/** The configuration the thresholds were read from, as eviction maps; null when only the kubelet's defaults apply. */
function configMaps(detail: NodeDetail): Parameters<typeof thresholdOrigin>[1] {
  if (detail.row.collection.configSource === "defaults") return null;
  if (detail.kubeletConfig) return detail.kubeletConfig as Parameters<typeof thresholdOrigin>[1];
  try {
    return detail.kubeletFlags ? parseKubeletFlags(detail.kubeletFlags) : null;
  } catch {
    return null; // the engine reports a bad flag itself; the source column then says "kubelet default"
  }
}

// Per value: "Source: configz" above a list that also holds the kubelet's defaults and its own
// copies would say more than configz does.
const ORIGIN_TEXT = {
  default: { label: "kubelet default", title: "Not set in the configuration: the kubelet's built-in default" },
  derived: {
    label: "derived",
    title:
      "The kubelet derives it: allocatableMemory.available copies memory.available's hard threshold; containerfs copies nodefs or imagefs",
  },
} as const;

function value(t: OutputThreshold["value"] | null): string {
  if (!t) return "–";
  return "percentage" in t ? formatPercent(t.percentage) : formatBytes(t.quantity);
}

/** The eviction settings in effect and where they came from. */
export function KubeletConfigPanel({ detail, result }: { detail: NodeDetail; result: AnalyzeOutput }) {
  const source = detail.row.collection.configSource;
  const maps = configMaps(detail);
  return (
    <section aria-labelledby="config-h" className="space-y-2">
      <h2 id="config-h" className="text-lg font-medium">
        Kubelet eviction settings
        <ViewLabel />
      </h2>
      <p className="text-sm" data-testid="config-source">
        Configuration: <strong>{source}</strong> — {SOURCE_TEXT[source]}. Each threshold says where its value comes from.
      </p>
      <Table
        label="Thresholds"
        columns={["signal", "kind", "value", "source", "grace", "min reclaim"]}
        data-testid="thresholds-table"
      >
        {result.thresholds.map((t, i) => {
          const origin = thresholdOrigin(t, maps);
          return (
            <TableRow key={i}>
              <td className="font-mono">{t.signal}</td>
              <td>{t.kind}</td>
              <td className="tabular-nums">{value(t.value)}</td>
              <td data-testid="threshold-source" title={origin === "config" ? SOURCE_TEXT[source] : ORIGIN_TEXT[origin].title}>
                {origin === "config" ? source : ORIGIN_TEXT[origin].label}
              </td>
              <td>{t.kind === "soft" ? formatDuration(t.gracePeriodSeconds) : "–"}</td>
              <td>{value(t.minReclaim)}</td>
            </TableRow>
          );
        })}
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
