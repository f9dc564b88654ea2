"use client";

// The one chart wrapper, after shadcn-ui's ChartContainer: a typed config names each series
// (label, theme colour, dashed or not); the container sets `--color-<key>` for every series from
// the theme's `--chart-<colour>` (light and dark in app/globals.css), so a chart strokes
// `seriesColor(key)` and follows the theme without a colour of its own; the tooltip and the legend
// read their labels from the same config. Every recharts chart goes through it.
import { createContext, useContext, useRef, type CSSProperties, type ReactElement } from "react";
import { ResponsiveContainer } from "recharts";

import { cn } from "@/lib/format";

import { useNearViewport } from "./use-near-viewport";

/** The theme's chart colours, each a CSS variable `--chart-<name>` set for light and dark in app/globals.css. */
export type ChartColor = "available" | "hard" | "soft" | "gc-start" | "gc-target" | "some" | "full";

interface ChartSeries {
  label: string;
  color: ChartColor;
  /** Drawn dashed (thresholds, 60 s averages); the legend shows it so. */
  dashed?: boolean;
}

/** Series by key: the key is the series' dataKey (or a reference line's), the CSS variable `--color-<key>` its colour. */
export type ChartConfig = Record<string, ChartSeries>;

const ChartContext = createContext<ChartConfig | null>(null);

/** The config of the chart around; throws outside a ChartContainer (a tooltip or legend needs one). */
function useChart(): ChartConfig {
  const config = useContext(ChartContext);
  if (!config) throw new Error("useChart must be used inside a <ChartContainer>");
  return config;
}

/** A series' colour as recharts' stroke or fill takes it. */
export const seriesColor = (key: string): string => `var(--color-${key})`;

/** Axis ticks and grid as every chart draws them. */
export const AXIS_TICK = { fontSize: 11 } as const;
export const GRID_CLASS = "stroke-zinc-200 dark:stroke-zinc-800";
export const CHART_MARGIN = { top: 8, right: 8, bottom: 0, left: 8 } as const;

interface ContainerProps {
  config: ChartConfig;
  /** The chart's accessible name; the figure around it carries the text alternative. */
  label: string;
  /** The plot's height (a Tailwind class such as "h-32"). */
  className: string;
  /** One recharts chart (LineChart …). */
  children: ReactElement;
}

/**
 * A responsive plot with its legend under it, coloured from the theme by its config. The plot is
 * drawn once it comes near the viewport (use-near-viewport.ts); until then its box keeps its height,
 * name and legend, so nothing moves when it is drawn.
 */
export function ChartContainer({ config, label, className, children }: ContainerProps) {
  const style = Object.fromEntries(
    Object.entries(config).map(([key, s]) => [`--color-${key}`, `var(--chart-${s.color})`]),
  ) as CSSProperties;
  const plot = useRef<HTMLDivElement>(null);
  const near = useNearViewport(plot);
  return (
    <ChartContext value={config}>
      <div style={style} data-chart="">
        <div ref={plot} className={cn("w-full", className)} role="img" aria-label={label} data-drawn={near}>
          {near && (
            <ResponsiveContainer width="100%" height="100%">
              {children}
            </ResponsiveContainer>
          )}
        </div>
        <ChartLegend />
      </div>
    </ChartContext>
  );
}

/** Series labels under the plot rather than on the lines, where close values would print over each other. */
function ChartLegend() {
  const config = useChart();
  return (
    <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-zinc-600 dark:text-zinc-400" aria-hidden="true">
      {Object.entries(config).map(([key, s]) => (
        <li key={key} className="flex items-center gap-1">
          <span
            className={cn("inline-block w-4 border-t-2", s.dashed && "border-dashed")}
            style={{ borderColor: seriesColor(key) }}
          />{" "}
          {s.label}
        </li>
      ))}
    </ul>
  );
}

interface TooltipItem {
  dataKey?: unknown;
  name?: unknown;
  value?: unknown;
}

interface TooltipContentProps {
  /** Filled in by recharts' Tooltip, which clones this element. */
  active?: boolean;
  payload?: readonly TooltipItem[];
  label?: unknown;
  formatLabel: (label: unknown) => string;
  formatValue: (value: number, key: string) => string;
}

/** The tooltip body: the time, then each series under the label its config gives it. Pass as `<Tooltip content={…} />`. */
export function ChartTooltipContent({ active, payload, label, formatLabel, formatValue }: TooltipContentProps) {
  const config = useChart();
  if (!active || !payload?.length) return null;
  return (
    <div className="rounded border border-zinc-200 bg-white px-2 py-1 text-xs shadow dark:border-zinc-700 dark:bg-zinc-900">
      <div className="font-medium">{formatLabel(label)}</div>
      {payload.map((p) => {
        const key = String(p.dataKey);
        return (
          <div key={key} className="flex items-center gap-2">
            <span className="inline-block h-2 w-2 rounded-sm" style={{ background: seriesColor(key) }} />
            {config[key]?.label ?? String(p.name)}
            <span className="ml-auto pl-2 tabular-nums">{formatValue(Number(p.value), key)}</span>
          </div>
        );
      })}
    </div>
  );
}
