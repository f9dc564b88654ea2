"use client";

// The node page's pressure stall section: the kernel's PSI for memory, io and cpu beside the
// kubelet's signals, over time (from the cache's counter history) and now (the Summary's
// averages), or "not reported by this kubelet" with the engine's reason.
import { useQuery } from "@tanstack/react-query";

import { PsiChart, type PsiLine } from "@/components/charts/psi-chart";
import { useUrlState } from "@/components/dashboard/use-url-state";
import { MUTED } from "@/components/ui/styles";
import { ViewLabel } from "@/components/ui/view-label";
import { historyOptions } from "@/lib/client/queries";
import type { HistorySeries } from "@/lib/contract/dto";
import { psiSeriesOf, toHistorySeries } from "@/lib/contract/history";
import type { AnalyzeOutput, PsiResource } from "@/lib/eviction";
import { cn, formatAge, formatStall } from "@/lib/format";
import { notReported, PSI_SENTENCE } from "@/lib/words/psi";
import { NO_SUMMARY_YET } from "@/lib/words/standing";

import { stallPercent } from "./psi-rates";

const RESOURCES = [
  { key: "memory", title: "Memory" },
  { key: "io", title: "I/O" },
  { key: "cpu", title: "CPU" },
] as const;

// Earlier points: the stalled share of each 10 s / 60 s window from the counters; the newest
// point: the kernel's own avg10 / avg60 from the latest Summary (the same quantities, smoothed).
function withNow(samples: (number | null)[], now: number | null | undefined): (number | null)[] {
  if (now != null && samples.length) samples[samples.length - 1] = now;
  return samples;
}

function linesOf(resource: string, h: HistorySeries, r: PsiResource | null): PsiLine[] {
  const out: PsiLine[] = [];
  for (const kind of ["some", "full"] as const) {
    const totals = h.signals[`${resource}.${kind}`]?.available;
    if (!totals) continue;
    out.push({
      key: `${kind}10`,
      label: `${kind} avg10`,
      color: kind,
      samples: withNow(stallPercent(totals, h.intervalSeconds, 10), r?.[kind].avg10),
    });
    out.push({
      key: `${kind}60`,
      label: `${kind} avg60`,
      color: kind,
      dashed: true,
      samples: withNow(stallPercent(totals, h.intervalSeconds, 60), r?.[kind].avg60),
    });
  }
  return out;
}

function NowTable({ r, title }: { r: PsiResource; title: string }) {
  return (
    <table className="w-full text-sm tabular-nums [&_td]:pr-2 [&_th]:pr-2">
      <caption className="sr-only">{title} PSI now, in % of time stalled</caption>
      <thead>
        <tr className={cn("text-left text-xs", MUTED)}>
          <th scope="col">now</th>
          <th scope="col">avg10</th>
          <th scope="col">avg60</th>
          <th scope="col">avg300</th>
        </tr>
      </thead>
      <tbody>
        {(["some", "full"] as const).map((k) => (
          <tr key={k} data-testid={`psi-now-${k}`}>
            <th scope="row" className="text-left font-normal">
              {k}
            </th>
            <td>{formatStall(r[k].avg10)}</td>
            <td>{formatStall(r[k].avg60)}</td>
            <td>{formatStall(r[k].avg300)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** PSI of the node (memory, io, cpu: some and full), with the sentence on why the kubelet does not act on it. */
export function PressurePanel({
  result,
  psiHistory: fromDetail,
}: {
  result: AnalyzeOutput;
  psiHistory: HistorySeries | undefined;
}) {
  const node = result.psi?.node;
  // The charts' range and source are the signal charts' (the same query): Prometheus when
  // Headroom has one, else the ring; the node document's own hour until the first answer.
  const { state } = useUrlState();
  const chart = useQuery({ ...historyOptions(result.node ?? "", state.range), enabled: !!result.node && !!node?.reported });
  const psiHistory = (chart.data && psiSeriesOf(toHistorySeries(chart.data))) ?? fromDetail;
  return (
    <section aria-labelledby="psi-h" className="space-y-3" data-testid="psi-panel">
      <h2 id="psi-h" className="text-lg font-medium">
        Pressure stall information (PSI)
        <ViewLabel always="live" />
      </h2>
      <p className="max-w-4xl text-sm" data-testid="psi-sentence">
        {PSI_SENTENCE}
      </p>
      {!node ? (
        <p className={cn("text-sm", MUTED)}>{NO_SUMMARY_YET}.</p>
      ) : !node.reported ? (
        <p className="text-sm font-medium" data-testid="psi-not-reported">
          {notReported(node)}.
        </p>
      ) : (
        <div className="grid gap-3 lg:grid-cols-3">
          {RESOURCES.map(({ key, title }) => {
            const r = node[key];
            const lines = psiHistory ? linesOf(key, psiHistory, r) : [];
            return (
              <article
                key={key}
                className="space-y-2 rounded border border-zinc-200 p-3 dark:border-zinc-800"
                data-testid={`psi-${key}`}
                aria-labelledby={`psi-${key}-h`}
              >
                <h3 id={`psi-${key}-h`} className="text-sm font-semibold">
                  {title} pressure
                </h3>
                {r ? <NowTable r={r} title={title} /> : <p className={cn("text-sm", MUTED)}>Not in this Summary.</p>}
                {psiHistory && lines.length ? (
                  <figure>
                    <PsiChart
                      start={psiHistory.start}
                      intervalSeconds={psiHistory.intervalSeconds}
                      lines={lines}
                      label={`Chart of ${title.toLowerCase()} PSI over time`}
                    />
                    <figcaption className="sr-only">
                      {title} PSI over the last {formatAge(lines[0]!.samples.length * psiHistory.intervalSeconds)}: share of time
                      some or all tasks stalled, over 10 s and 60 s (from the counters; the newest point is the kernel's avg10 and
                      avg60); now some {formatStall(r?.some.avg10)}, full {formatStall(r?.full.avg10)} (avg10)
                    </figcaption>
                  </figure>
                ) : (
                  <p className={cn("text-xs", MUTED)}>No history yet.</p>
                )}
              </article>
            );
          })}
        </div>
      )}
    </section>
  );
}
