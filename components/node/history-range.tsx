"use client";

import { RANGE_NAMES, type HistoryDoc, type RangeName } from "@/lib/contract/history";
import { cn } from "@/lib/format";

export interface HistoryRangeProps {
  range: RangeName;
  onRange: (r: RangeName) => void;
  /** The chart data's document: where it came from, and why not from Prometheus. */
  doc: HistoryDoc | undefined;
  error: Error | null;
}

/** The charts' range picker (15m … 7d) and a line saying where the history comes from. */
export function HistoryRange({ range, onRange, doc, error }: HistoryRangeProps) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="history-range">
      <div
        role="group"
        aria-label="Chart range"
        className="inline-flex overflow-hidden rounded border border-zinc-300 dark:border-zinc-700"
      >
        {RANGE_NAMES.map((r) => (
          <button
            key={r}
            type="button"
            aria-pressed={r === range}
            onClick={() => onRange(r)}
            className={cn(
              "px-2 py-0.5 tabular-nums",
              r === range
                ? "bg-zinc-800 text-white dark:bg-zinc-200 dark:text-zinc-900"
                : "hover:bg-zinc-100 dark:hover:bg-zinc-800",
            )}
          >
            {r}
          </button>
        ))}
      </div>
      <HistorySource doc={doc} error={error} />
    </div>
  );
}

function HistorySource({ doc, error }: Pick<HistoryRangeProps, "doc" | "error">) {
  if (error)
    return (
      <span role="status" className="text-red-700 dark:text-red-300">
        History unavailable: {error.message}
      </span>
    );
  if (!doc) return <span role="status">Loading history…</span>;
  if (doc.prometheusError) {
    return (
      <span role="status" className="text-amber-800 dark:text-amber-300" data-testid="history-fallback">
        Prometheus did not answer ({doc.prometheusError}): showing the history kept in memory
      </span>
    );
  }
  return (
    <span className="text-zinc-600 dark:text-zinc-400" data-testid="history-source">
      {doc.source === "prometheus"
        ? "History from Prometheus"
        : "History kept in memory (set HEADROOM_PROMETHEUS_URL for longer)"}
    </span>
  );
}
