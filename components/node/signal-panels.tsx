"use client";

import { type ChartLine, SignalChart } from "@/components/charts/signal-chart";
import { Explain } from "@/components/ui/explain";
import type { HistorySeries } from "@/lib/dto";
import type { AnalyzeOutput, SignalReport } from "@/lib/eviction/types";
import { cn, formatAge, formatSignal } from "@/lib/format";
import { projectTimeToThreshold } from "@/lib/projection";

interface Props {
  result: AnalyzeOutput;
  history: HistorySeries | null;
  /** imageGCHighThresholdPercent / Low from the kubelet config (defaults 85 / 80). */
  imageGc: { high: number; low: number };
}

function gcLines(s: SignalReport, gc: Props["imageGc"]): ChartLine[] {
  if (s.signal !== "imagefs.available" && s.signal !== "nodefs.available") return [];
  // image GC starts when usage passes high% of capacity and frees down to low%
  return [
    { label: `image GC starts (${gc.high}% used)`, value: s.capacity * (1 - gc.high / 100), color: "#a16207" },
    { label: `image GC target (${gc.low}%)`, value: s.capacity * (1 - gc.low / 100), color: "#ca8a04" },
  ];
}

function Panel({ s, result, history, imageGc }: { s: SignalReport } & Props) {
  const series = history?.signals[s.signal];
  const nearest = s.thresholds.reduce<SignalReport["thresholds"][number] | null>((a, t) => (a == null || t.margin < a.margin ? t : a), null);
  const soft = result.thresholds.find((t) => t.signal === s.signal && t.kind === "soft");
  const proj = nearest && series && history ? projectTimeToThreshold(series.available, history.intervalSeconds, nearest.value) : null;
  const lines: ChartLine[] = [
    ...s.thresholds.map((t) => ({ label: `${t.kind} ${formatSignal(s.signal, t.value)}`, value: t.value, color: t.kind === "hard" ? "#dc2626" : "#ea580c" })),
    ...gcLines(s, imageGc),
  ];
  return (
    <article className="space-y-2 rounded border border-zinc-200 p-3 dark:border-zinc-800" data-testid={`signal-${s.signal}`} aria-labelledby={`sig-${s.signal}`}>
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`sig-${s.signal}`} className="font-mono text-sm font-semibold">
          {s.signal}
          <Explain term={s.signal} />
        </h3>
        <span className="text-sm tabular-nums" data-testid="available">
          {formatSignal(s.signal, s.available)} available of {formatSignal(s.signal, s.capacity)}
        </span>
      </header>
      {s.thresholds.length === 0 ? (
        <p className="text-sm text-zinc-500">No threshold configured: the kubelet never evicts for this signal.</p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">Thresholds for {s.signal}</caption>
          <thead>
            <tr className="text-left text-xs text-zinc-500">
              <th>threshold</th>
              <th>value</th>
              <th>
                margin <Explain term="margin" />
              </th>
              <th>state</th>
            </tr>
          </thead>
          <tbody>
            {s.thresholds.map((t) => (
              <tr key={t.kind} data-testid={`threshold-${s.signal}-${t.kind}`}>
                <td>{t.kind}</td>
                <td className="tabular-nums" data-testid="value">{formatSignal(s.signal, t.value)}</td>
                <td className={cn("tabular-nums", t.met && "font-semibold text-red-600")} data-testid="margin">
                  {formatSignal(s.signal, t.margin)}
                </td>
                <td>{t.met ? (t.kind === "soft" && soft ? `met — evicts after ${formatAge(soft.gracePeriodSeconds)} grace` : "met — evicts now") : "ok"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {proj?.secondsToThreshold != null && (
        <p className="text-sm" data-testid="projection">
          {proj.secondsToThreshold === 0 ? "Below the nearest threshold now." : `At the recent trend, reaches the ${nearest?.kind} threshold in about ${formatAge(proj.secondsToThreshold)}.`}
        </p>
      )}
      {series && history && series.available.some((v) => v != null) ? (
        <figure>
          <SignalChart signal={s.signal} start={history.start} intervalSeconds={history.intervalSeconds} samples={series.available} lines={lines} />
          <figcaption className="sr-only">
            {s.signal} over the last {formatAge(series.available.length * history.intervalSeconds)}: now {formatSignal(s.signal, s.available)};{lines.map((l) => ` ${l.label}`).join(",")}
          </figcaption>
        </figure>
      ) : (
        <p className="text-xs text-zinc-500">No history yet.</p>
      )}
    </article>
  );
}

/** One panel per observed signal: value, thresholds, margins, grace state, trend chart and projection. */
export function SignalPanels(props: Props) {
  return (
    <section aria-labelledby="signals-h" className="space-y-3">
      <h2 id="signals-h" className="text-lg font-medium">
        Eviction signals
      </h2>
      {props.result.signals.length === 0 && <p className="text-sm text-zinc-500">No Summary API data yet: nothing observed.</p>}
      <div className="grid gap-3 lg:grid-cols-2">
        {props.result.signals.map((s) => (
          <Panel key={s.signal} s={s} {...props} />
        ))}
      </div>
    </section>
  );
}
