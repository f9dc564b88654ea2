import { DATA_TABLE } from "@/components/ui/styles";
import { TableScroll } from "@/components/ui/table-scroll";
import type { AnalyzeOutput } from "@/lib/eviction";
import { formatSignal as fmt, formatStall } from "@/lib/format";
import { nodePsi, thresholdSourceNote } from "@/lib/words/analysis-notes";
import { OVER_REQUEST_TAG } from "@/lib/words/standing";

/** The node's PSI in one line: "cpu some 75.8 % (full 72.6 %), memory …", avg10. */
function PsiLine({ result }: { result: AnalyzeOutput }) {
  const psi = nodePsi(result);
  if (!psi) return null;
  const text =
    "absent" in psi
      ? psi.absent
      : psi.rows.map((r) => `${r.resource} some ${formatStall(r.some.avg10)} (full ${formatStall(r.full.avg10)})`).join(", ");
  return (
    <p className="text-sm" data-testid="analyze-psi">
      Node PSI, share of time stalled over the last 10 s: {text}. The kubelet does not evict on PSI.
    </p>
  );
}

export interface AnalyzeResultProps {
  result: AnalyzeOutput;
  /** The Node's own status.allocatable (engine units); {} when none was given. */
  reported: Record<string, number>;
}

export function AnalyzeResult({ result, reported }: AnalyzeResultProps) {
  const sourceNote = thresholdSourceNote(result, reported);
  const firstOut = (result.rankings["memory.available"] ?? []).slice(0, 5);
  const pressured = Object.entries(result.conditions)
    .filter(([, v]) => v)
    .map(([k]) => k);
  return (
    <div className="space-y-4" data-testid="analyze-result">
      <p>
        Node <strong>{result.node ?? "(unnamed)"}</strong>, thresholds from <strong>{result.thresholdSource}</strong>:{" "}
        {pressured.length ? (
          <span className="font-semibold text-red-700 dark:text-red-400">{pressured.join(", ")}</span>
        ) : (
          "no pressure"
        )}
      </p>
      {sourceNote && (
        <p role="note" data-testid="analyze-source-note" className="text-sm">
          {sourceNote}
        </p>
      )}
      <TableScroll label="Signals">
        <table className={DATA_TABLE}>
          <caption className="sr-only">Eviction signals and margins</caption>
          <thead>
            <tr className="border-b border-zinc-300 dark:border-zinc-700">
              <th className="py-1">Signal</th>
              <th>Available</th>
              <th>Threshold</th>
              <th>Margin</th>
            </tr>
          </thead>
          <tbody>
            {result.signals.flatMap((s) =>
              (s.thresholds.length ? s.thresholds : [null]).map((t, i) => (
                <tr key={`${s.signal}-${i}`} className="border-b border-zinc-100 dark:border-zinc-800">
                  <td className="py-1 font-mono">{s.signal}</td>
                  <td>{fmt(s.signal, s.available)}</td>
                  <td>{t ? `${t.kind} ${fmt(s.signal, t.value)}` : "none"}</td>
                  <td className={t?.met ? "font-semibold text-red-700 dark:text-red-400" : ""}>
                    {t ? fmt(s.signal, t.margin) : "-"}
                  </td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </TableScroll>
      <PsiLine result={result} />
      {firstOut.length > 0 && (
        <div>
          <h3 className="font-medium">First to go under memory pressure</h3>
          <ol className="list-decimal pl-6 text-sm">
            {firstOut.map((r) => (
              <li key={r.uid}>
                {r.namespace}/{r.name} {r.exceedsRequest ? OVER_REQUEST_TAG : ""}
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}
