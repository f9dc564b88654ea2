"use client";

import { memo } from "react";
import { CartesianGrid, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";

import { formatSignal, formatTime } from "@/lib/format";

import { bridgeJitterGaps } from "./bridge-gaps";
import {
  AXIS_TICK,
  CHART_MARGIN,
  ChartContainer,
  ChartTooltipContent,
  GRID_CLASS,
  seriesColor,
  type ChartColor,
  type ChartConfig,
} from "./chart";
import { timeWindow } from "./time-ticks";
import { useQueuedValue } from "./use-queued-value";

/** A horizontal line at a threshold or an image GC level, in the theme's colour for its kind. */
export interface ChartLine {
  label: string;
  value: number;
  color: Exclude<ChartColor, "available" | "some" | "full">;
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
  const data = bridgeJitterGaps(samples).map(({ index, value }) => ({
    t: start + index * intervalSeconds * 1000,
    available: value,
  }));
  const first = data.findIndex((d) => d.available != null);
  const observed = samples.filter((v): v is number => v != null);
  if (first < 0) return null;
  // a single sample still shows where it sits between the lines, on a two-minute axis around it
  const single = observed.length === 1;
  const { from, to, ticks, format } = timeWindow(data[first]!.t, data[data.length - 1]!.t, single);
  const values = [...observed, ...lines.map((l) => l.value)];
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const pad = (hi - lo) * 0.1 || Math.abs(hi) * 0.1 || 1;
  // the padding above the highest value must not run past capacity (a pid axis to 4 613 443 of 4 194 304)
  const top = capacity != null && hi <= capacity ? Math.min(hi + pad, capacity) : hi + pad;
  // the reference lines are keyed by position, not by the label that carries the value: a what-if
  // moving a threshold updates its line instead of replacing it in recharts' store
  const config: ChartConfig = {
    available: { label: "available", color: "available" },
    ...Object.fromEntries(lines.map((l, i) => [`line${i}`, { label: l.label, color: l.color, dashed: true }])),
  };
  return (
    <ChartContainer config={config} label={label} className="h-32">
      <LineChart data={data.slice(first)} margin={CHART_MARGIN} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" className={GRID_CLASS} />
        <XAxis dataKey="t" type="number" domain={[from, to]} ticks={ticks} tickFormatter={format} tick={AXIS_TICK} />
        <YAxis
          domain={[Math.max(0, lo - pad), top]}
          tickFormatter={(v: number) => formatSignal(signal, v)}
          width={64}
          tick={AXIS_TICK}
        />
        <Tooltip
          content={
            <ChartTooltipContent formatLabel={(t) => formatTime(Number(t))} formatValue={(v) => formatSignal(signal, v)} />
          }
        />
        {lines.map((l, i) => (
          <ReferenceLine key={i} y={l.value} stroke={seriesColor(`line${i}`)} strokeDasharray="5 3" />
        ))}
        <Line
          type="monotone"
          dataKey="available"
          stroke={seriesColor("available")}
          dot={single}
          isAnimationActive={false}
          connectNulls={false}
        />
      </LineChart>
    </ChartContainer>
  );
}, sameChart);
