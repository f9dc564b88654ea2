"use client";

import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import { formatTime } from "@/lib/format";

import { timeTicks } from "./time-ticks";

export interface PsiLine {
  key: string;
  label: string;
  color: string;
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
  // a single point still shows, on a two-minute axis around it (as the signal charts do)
  const single = data.length - first === 1;
  const from = single ? data[first]!.t! - 60_000 : data[first]!.t!;
  const to = single ? data[first]!.t! + 60_000 : data[data.length - 1]!.t!;
  const { ticks, format } = timeTicks(from, Math.max(to, from + 60_000));
  const hi = Math.max(5, ...lines.flatMap((l) => l.samples.filter((v): v is number => v != null)));
  return (
    <div>
      <div className="h-36 w-full" role="img" aria-label={label}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data.slice(first)} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" className="stroke-zinc-200 dark:stroke-zinc-800" />
            <XAxis
              dataKey="t"
              type="number"
              domain={[from, Math.max(to, from + 60_000)]}
              ticks={ticks}
              tickFormatter={format}
              tick={{ fontSize: 11 }}
            />
            <YAxis
              domain={[0, Math.min(100, Math.ceil(hi * 1.1))]}
              tickFormatter={(v: number) => `${v}%`}
              width={40}
              tick={{ fontSize: 11 }}
            />
            <Tooltip
              labelFormatter={(t) => formatTime(Number(t))}
              formatter={(v, name) => [`${Number(v).toFixed(2)}%`, lines.find((l) => l.key === name)?.label ?? String(name)]}
            />
            {lines.map((l) => (
              <Line
                key={l.key}
                type="monotone"
                dataKey={l.key}
                stroke={l.color}
                strokeDasharray={l.dashed ? "5 3" : undefined}
                dot={single}
                isAnimationActive={false}
                connectNulls={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-zinc-600 dark:text-zinc-400" aria-hidden="true">
        {lines.map((l) => (
          <li key={l.key} className="flex items-center gap-1">
            <span
              className={l.dashed ? "inline-block w-4 border-t-2 border-dashed" : "inline-block w-4 border-t-2"}
              style={{ borderColor: l.color }}
            />{" "}
            {l.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
