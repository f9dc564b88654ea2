"use client";

import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";

import { formatTime } from "@/lib/format";

import { AXIS_TICK, CHART_MARGIN, ChartContainer, ChartTooltipContent, GRID_CLASS, seriesColor, type ChartConfig } from "./chart";
import { timeWindow } from "./time-ticks";

export interface PsiLine {
  key: string;
  label: string;
  /** "some" or "full": the theme's colour for that kind of stall. */
  color: "some" | "full";
  dashed?: boolean;
  samples: readonly (number | null)[];
}

interface Props {
  start: number;
  intervalSeconds: number;
  lines: PsiLine[];
  /** The chart's accessible name; the figure around it carries the text alternative. */
  label: string;
}

/** Stall percentages over time (PSI some/full over 10 s and 60 s), on a 0–100 % scale that grows from 5 %. */
export function PsiChart({ start, intervalSeconds, lines, label }: Props) {
  const n = Math.max(0, ...lines.map((l) => l.samples.length));
  const data = Array.from({ length: n }, (_, i) => {
    const row: Record<string, number | null> = { t: start + i * intervalSeconds * 1000 };
    for (const l of lines) row[l.key] = l.samples[i] ?? null;
    return row;
  });
  const first = data.findIndex((d) => lines.some((l) => d[l.key] != null));
  if (first < 0) return null;
  // a single point still shows, on a two-minute axis around it (as the signal charts do); a short one spans a minute at least
  const { from, to, ticks, format } = timeWindow(data[first]!.t!, data[data.length - 1]!.t!, data.length - first === 1, 60_000);
  const hi = Math.max(5, ...lines.flatMap((l) => l.samples.filter((v): v is number => v != null)));
  const config: ChartConfig = Object.fromEntries(lines.map((l) => [l.key, { label: l.label, color: l.color, dashed: l.dashed }]));
  return (
    <ChartContainer config={config} label={label} className="h-36">
      <LineChart data={data.slice(first)} margin={CHART_MARGIN} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" className={GRID_CLASS} />
        <XAxis dataKey="t" type="number" domain={[from, to]} ticks={ticks} tickFormatter={format} tick={AXIS_TICK} />
        <YAxis
          domain={[0, Math.min(100, Math.ceil(hi * 1.1))]}
          tickFormatter={(v: number) => `${v}%`}
          width={40}
          tick={AXIS_TICK}
        />
        <Tooltip
          content={<ChartTooltipContent formatLabel={(t) => formatTime(Number(t))} formatValue={(v) => `${v.toFixed(2)}%`} />}
        />
        {lines.map((l) => (
          <Line
            key={l.key}
            type="monotone"
            dataKey={l.key}
            stroke={seriesColor(l.key)}
            strokeDasharray={l.dashed ? "5 3" : undefined}
            dot={data.length - first === 1}
            isAnimationActive={false}
            connectNulls={false}
          />
        ))}
      </LineChart>
    </ChartContainer>
  );
}
