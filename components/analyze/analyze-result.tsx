import { DATA_TABLE } from "@/components/ui/styles";
import { TableScroll } from "@/components/ui/table-scroll";
import { formatBytesHuman, type AnalyzeOutput } from "@/lib/eviction";

function fmt(signal: string, n: number): string {
  if (signal === "pid.available" || signal.endsWith(".inodesFree")) return n.toLocaleString("en-US");
  return n < 0 ? `-${formatBytesHuman(-n)}` : formatBytesHuman(n);
}

export function AnalyzeResult({ result }: { result: AnalyzeOutput }) {
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
      <div>
        <h3 className="font-medium">First to go under memory pressure</h3>
        <ol className="list-decimal pl-6 text-sm">
          {(result.rankings["memory.available"] ?? []).slice(0, 5).map((r) => (
            <li key={r.uid}>
              {r.namespace}/{r.name} {r.exceedsRequest ? "(over its request)" : ""}
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
