"use client";

import { memo } from "react";

import { SignalChart, type ChartLine } from "@/components/charts/signal-chart";
import { useNodeForecast, type LiveForecast } from "@/components/forecast/use-node-forecast";
import { SwapNote } from "@/components/pressure/swap-note";
import { Explain } from "@/components/ui/explain";
import { Ticking } from "@/components/ui/ticking";
import { useNodeView, ViewLabel } from "@/components/ui/view-label";
import type { HistorySeries } from "@/lib/contract/dto";
import { signalCondition, type AnalyzeOutput, type SignalReport } from "@/lib/eviction";
import { type ConditionHold, type NodeForecast } from "@/lib/forecast";
import { cn, formatAge, formatSignal, formatTime } from "@/lib/format";
import { fourColumns } from "@/lib/node-view";
import * as words from "@/lib/words/forecast-phrases";
import { NO_SUMMARY_YET } from "@/lib/words/standing";

import { HistoryRange } from "./history-range";
import { NextPodOut } from "./next-pod-out";
import { SignalForecastView } from "./signal-forecast";
import { useSignalHistory } from "./use-signal-history";

interface Props {
  result: AnalyzeOutput;
  history: HistorySeries | null;
  /** imageGCHighThresholdPercent / Low from the kubelet config (the engine's imageGcThresholds: defaults 85 / 80). */
  imageGc: { high: number; low: number };
}

function gcLines(s: SignalReport, gc: Props["imageGc"]): ChartLine[] {
  if (s.signal !== "imagefs.available" && s.signal !== "nodefs.available") return [];
  // image GC starts when usage passes high% of capacity and frees down to low%
  return [
    { label: `image GC starts (${gc.high}% used)`, value: s.capacity * (1 - gc.high / 100), color: "gc-start" },
    { label: `image GC target (${gc.low}%)`, value: s.capacity * (1 - gc.low / 100), color: "gc-target" },
  ];
}

/** The state column in words: "ok", "met: evicting", "met: grace ends 14:57:40"; under a what-if, what the kubelet would do. */
function stateText(
  kind: "hard" | "soft",
  met: boolean,
  f: NodeForecast["signals"][number] | undefined,
  now: number,
  whatIf: boolean,
): string {
  if (!met) return "ok";
  // the live grace countdown belongs to the live view: a what-if threshold has no history of its own
  if (whatIf) return kind === "hard" ? "met: would evict on the next cycle" : "met: would evict after its grace";
  if (kind === "hard") return "met: evicting on the next cycle";
  const g = f?.soft;
  if (!g) return "met: evicts after its grace";
  return g.actsAt <= now ? "met: grace over, evicting" : `met: grace ends ${formatTime(g.actsAt)}`;
}

type PanelProps = {
  s: SignalReport;
  history: HistorySeries | null;
  imageGc: Props["imageGc"];
  live: LiveForecast;
  hold: ConditionHold | null;
  swap?: AnalyzeOutput["swap"];
  /** The report is the engine's view under a what-if: the live forecast and hold stay out of the card. */
  whatIf: boolean;
};

/** A pinned link's moment (`at=`), or null for the live view. */
const pinnedAt = (live: LiveForecast): number | null => (live.pinned.kind === "pinned" ? live.pinned.view.at : null);

// A what-if recomputes every signal report; a panel whose own report, history and forecast are
// unchanged (every signal but the one a slider moves) is not re-rendered.
function samePanel(a: PanelProps, b: PanelProps): boolean {
  return (
    a.history === b.history &&
    a.hold === b.hold &&
    a.imageGc.high === b.imageGc.high &&
    a.imageGc.low === b.imageGc.low &&
    a.live.forecast === b.live.forecast &&
    a.live.receivedAt === b.live.receivedAt &&
    pinnedAt(a.live) === pinnedAt(b.live) &&
    a.whatIf === b.whatIf &&
    (a.s === b.s || JSON.stringify(a.s) === JSON.stringify(b.s)) &&
    (a.swap === b.swap || JSON.stringify(a.swap) === JSON.stringify(b.swap))
  );
}

const Panel = memo(function Panel({ s, history, imageGc, live, hold, swap, whatIf }: PanelProps) {
  const from = live.forecast?.now ?? live.documentTime ?? 0;
  const series = history?.signals[s.signal];
  const f = whatIf ? undefined : live.forecast?.signals.find((x) => x.signal === s.signal);
  const lines: ChartLine[] = [
    ...s.thresholds.map((t) => ({
      label: `${t.kind} ${formatSignal(s.signal, t.value)}`,
      value: t.value,
      color: t.kind,
    })),
    ...gcLines(s, imageGc),
  ];
  return (
    <article
      className="space-y-2 rounded border border-zinc-200 p-3 dark:border-zinc-800"
      data-testid={`signal-${s.signal}`}
      aria-labelledby={`sig-${s.signal}`}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`sig-${s.signal}`} className="font-mono text-sm font-semibold">
          {s.signal}
          <Explain term={s.signal} />
          <ViewLabel />
        </h3>
        <span className="text-sm tabular-nums" data-testid="available">
          {formatSignal(s.signal, s.available)} available of {formatSignal(s.signal, s.capacity)}
        </span>
      </header>
      {s.thresholds.length === 0 ? (
        <p className="text-sm text-zinc-500">No threshold configured: the kubelet never evicts for this signal.</p>
      ) : (
        <table className="w-full text-sm [&_td]:pr-2 [&_th]:pr-2">
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
                <td className="tabular-nums" data-testid="value">
                  {formatSignal(s.signal, t.value)}
                </td>
                <td className={cn("tabular-nums", t.met && "font-semibold text-red-600 dark:text-red-400")} data-testid="margin">
                  {formatSignal(s.signal, t.margin)}
                </td>
                <td data-testid="state">
                  <Ticking from={from} receivedAt={live.receivedAt}>
                    {(now) => stateText(t.kind, t.met, f, now, whatIf)}
                  </Ticking>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {hold && !whatIf && (
        <p className="text-sm text-amber-800 dark:text-amber-300" data-testid="panel-hold">
          <Ticking from={from} receivedAt={live.receivedAt}>
            {(now) => `Every threshold is ok, yet ${words.holdSentence(hold, now, formatTime)}.`}
          </Ticking>
        </p>
      )}
      {f && (
        <Ticking from={from} receivedAt={live.receivedAt}>
          {(now) => <SignalForecastView f={f} now={now} forecastAt={from} pinnedAt={pinnedAt(live)} />}
        </Ticking>
      )}
      {whatIf && s.thresholds.length > 0 && (
        <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="forecast-whatif-note">
          The margins above are the what-if&apos;s; the live forecast (current settings) is in the headline, and here again once
          the what-if is closed or reset.
        </p>
      )}
      {s.signal === "memory.available" && <SwapNote swap={swap} />}
      {series && history && series.available.some((v) => v != null) ? (
        <figure>
          <SignalChart
            signal={s.signal}
            start={history.start}
            intervalSeconds={history.intervalSeconds}
            samples={series.available}
            lines={lines}
            capacity={s.capacity}
            label={`Chart of ${s.signal} available over time`}
          />
          <figcaption className="sr-only">
            {s.signal} over the last {formatAge(series.available.length * history.intervalSeconds)}: now{" "}
            {formatSignal(s.signal, s.available)};
            {lines.map((l) => ` ${l.label} at ${formatSignal(s.signal, l.value)}`).join(",")}
          </figcaption>
        </figure>
      ) : (
        <p className="text-xs text-zinc-500">No history yet.</p>
      )}
    </article>
  );
}, samePanel);

/** One panel per observed signal (those without a threshold folded away): value, thresholds, margins, live forecast and trend chart; the next pod out once per resource. */
export function SignalPanels(props: Props) {
  const live = useNodeForecast(props.result.node);
  const whatIf = useNodeView() === "what-if";
  const holds = whatIf ? [] : (live.forecast?.holds ?? []);
  // a pinned link (`at=`) charts what was known then
  const at = live.pinned.kind === "pinned" ? live.pinned.view.at : null;
  const charts = useSignalHistory(props.result.node, props.history, at);
  const history = charts.history;
  const panel = (s: SignalReport) => (
    <Panel
      key={s.signal}
      s={s}
      imageGc={props.imageGc}
      history={history}
      live={live}
      hold={holds.find((h) => h.condition === signalCondition(s.signal)) ?? null}
      swap={s.signal === "memory.available" ? props.result.swap : undefined}
      whatIf={whatIf}
    />
  );
  // Signals the kubelet has no threshold for fold away; one shown alone (an embed's signal:<name>) stays open.
  const all = props.result.signals;
  const watched = all.length === 1 ? all : all.filter((s) => s.thresholds.length > 0);
  const unwatched = all.filter((s) => !watched.includes(s));
  return (
    <section aria-labelledby="signals-h" className="@container space-y-3">
      <h2 id="signals-h" className="text-lg font-medium">
        Eviction signals
        <ViewLabel />
      </h2>
      <HistoryRange range={charts.range} onRange={charts.setRange} doc={charts.doc} error={charts.error} />
      {props.result.signals.length === 0 && <p className="text-sm text-zinc-500">{NO_SUMMARY_YET}: nothing observed.</p>}
      {live.stale && props.result.signals.length > 0 && (
        <p role="note" data-testid="signals-stale" className="text-sm font-semibold">
          These are the last stats Headroom collected
          {live.stale.reach.statsAgeSeconds != null ? ` (${formatAge(live.stale.reach.statsAgeSeconds)} old)` : ""}: the node
          stopped reporting, so no live forecast is made from them (see the headline).
        </p>
      )}
      {holds.map((h) => (
        <p
          key={h.condition}
          role="note"
          data-testid="hold-note"
          className="rounded border-l-4 border-amber-500 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-400 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <strong>Why {h.condition} while every threshold is ok:</strong> {words.holdExplanation(h, formatTime)}
        </p>
      ))}
      <NextPodOut live={live} />
      {/* columns by the room the section has (container queries): three beside an open what-if panel; four at 1440 px when that saves a row */}
      <div className={cn("grid gap-3 @2xl:grid-cols-2 @4xl:grid-cols-3", fourColumns(watched.length) && "@6xl:grid-cols-4")}>
        {watched.map(panel)}
      </div>
      {unwatched.length > 0 && (
        <details className="rounded border border-zinc-200 p-2 dark:border-zinc-800" data-testid="signals-without-threshold">
          <summary className="cursor-pointer text-sm">
            {unwatched.length} signal{unwatched.length === 1 ? "" : "s"} without a threshold (the kubelet never evicts for{" "}
            {unwatched.length === 1 ? "it" : "them"}):{" "}
            <span className="font-mono text-xs">{unwatched.map((s) => s.signal).join(", ")}</span>
          </summary>
          <div className="mt-2 grid gap-3 @2xl:grid-cols-2 @4xl:grid-cols-3">{unwatched.map(panel)}</div>
        </details>
      )}
    </section>
  );
}
