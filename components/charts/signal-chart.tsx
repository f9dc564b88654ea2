"use client";

import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatSignal } from "@/lib/format";

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
}

/** A signal's `available` over time with its thresholds (and image GC levels) as horizontal lines. */
export function SignalChart({ signal, start, intervalSeconds, samples, lines }: SignalChartProps) {
  const data = samples.map((v, i) => ({ t: start + i * intervalSeconds * 1000, v }));
  const time = (t: number) => new Date(t).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  const values = [...samples.filter((v): v is number => v != null), ...lines.map((l) => l.value)];
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const pad = (hi - lo) * 0.1 || Math.abs(hi) * 0.1 || 1;
  return (
    <div className="h-40 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" className="stroke-zinc-200 dark:stroke-zinc-800" />
          <XAxis dataKey="t" type="number" domain={["dataMin", "dataMax"]} tickFormatter={time} tick={{ fontSize: 11 }} />
          <YAxis domain={[Math.max(0, lo - pad), hi + pad]} tickFormatter={(v: number) => formatSignal(signal, v)} width={64} tick={{ fontSize: 11 }} />
          <Tooltip labelFormatter={(t) => new Date(Number(t)).toLocaleTimeString()} formatter={(v) => [formatSignal(signal, Number(v)), "available"]} />
          {lines.map((l) => (
            <ReferenceLine key={l.label} y={l.value} stroke={l.color} strokeDasharray="5 3" label={{ value: l.label, position: "insideTopRight", fontSize: 10, fill: l.color }} />
          ))}
          <Line type="monotone" dataKey="v" stroke="#2563eb" dot={false} isAnimationActive={false} connectNulls={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
