"use client";

import { memo } from "react";
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import { formatSignal, formatTime } from "@/lib/format";

import { bridgeJitterGaps } from "./bridge-gaps";
import { timeTicks } from "./time-ticks";
import { useQueuedValue } from "./use-queued-value";

export interface ChartLine {
  label: string;
  value: number;
  color: string;
}

export interface SignalChartProps {
  signal: string;
  start: number;
  intervalSeconds: number;
  samples: readonly (number | null)[];
  lines: ChartLine[];
  /** The chart's accessible name; the figure around it carries the text alternative. */
  label: string;
  /** The signal's capacity: the axis stops there (nothing can be more available than all of it). */
  capacity?: number;
}

const sameLines = (a: ChartLine[], b: ChartLine[]) =>
  a.length === b.length && a.every((l, i) => l.label === b[i]!.label && l.value === b[i]!.value && l.color === b[i]!.color);

/** A what-if that does not move this signal's thresholds leaves its chart alone (its lines are rebuilt each render). */
function sameChart(a: SignalChartProps, b: SignalChartProps): boolean {
  return (
    a.signal === b.signal &&
    a.start === b.start &&
    a.intervalSeconds === b.intervalSeconds &&
    a.samples === b.samples &&
    a.label === b.label &&
    a.capacity === b.capacity &&
    sameLines(a.lines, b.lines)
  );
}

/**
 * A signal's `available` over time with its thresholds (and image GC levels) as horizontal lines.
 * Line labels go in a legend under the plot rather than on the lines, where close values (image
 * GC at 85 % used next to a 9Gi hard threshold) would print over each other.
 */
export const SignalChart = memo(function SignalChart(props: SignalChartProps) {
  // new data is drawn in a task of its own (use-queued-value.ts)
  const { signal, start, intervalSeconds, samples, lines, label, capacity } = useQueuedValue(props);
  const data = bridgeJitterGaps(samples).map(({ index, value }) => ({ t: start + index * intervalSeconds * 1000, v: value }));
  const first = data.findIndex((d) => d.v != null);
  const observed = samples.filter((v): v is number => v != null);
  if (first < 0) return null;
  // a single sample still shows where it sits between the lines, on a two-minute axis around it
  const single = observed.length === 1;
  const from = single ? data[first]!.t - 60_000 : data[first]!.t;
  const to = single ? data[first]!.t + 60_000 : data[data.length - 1]!.t;
  const { ticks, format } = timeTicks(from, to);
  const values = [...observed, ...lines.map((l) => l.value)];
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const pad = (hi - lo) * 0.1 || Math.abs(hi) * 0.1 || 1;
  // the padding above the highest value must not run past capacity (a pid axis to 4 613 443 of 4 194 304)
  const top = capacity != null && hi <= capacity ? Math.min(hi + pad, capacity) : hi + pad;
  return (
    <div>
      <div className="h-32 w-full" role="img" aria-label={label}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data.slice(first)} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" className="stroke-zinc-200 dark:stroke-zinc-800" />
            <XAxis dataKey="t" type="number" domain={[from, to]} ticks={ticks} tickFormatter={format} tick={{ fontSize: 11 }} />
            <YAxis
              domain={[Math.max(0, lo - pad), top]}
              tickFormatter={(v: number) => formatSignal(signal, v)}
              width={64}
              tick={{ fontSize: 11 }}
            />
            <Tooltip
              labelFormatter={(t) => formatTime(Number(t))}
              formatter={(v) => [formatSignal(signal, Number(v)), "available"]}
            />
            {/* keyed by position, not by the label that carries the value: a what-if moving a threshold updates its line instead of replacing it in recharts' store */}
            {lines.map((l, i) => (
              <ReferenceLine key={i} y={l.value} stroke={l.color} strokeDasharray="5 3" />
            ))}
            <Line type="monotone" dataKey="v" stroke="#2563eb" dot={single} isAnimationActive={false} connectNulls={false} />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-zinc-600 dark:text-zinc-400" aria-hidden="true">
        <li className="flex items-center gap-1">
          <span className="inline-block h-0.5 w-4 bg-blue-600" /> available
        </li>
        {lines.map((l) => (
          <li key={l.label} className="flex items-center gap-1">
            <span className="inline-block w-4 border-t-2 border-dashed" style={{ borderColor: l.color }} /> {l.label}
          </li>
        ))}
      </ul>
    </div>
  );
}, sameChart);
