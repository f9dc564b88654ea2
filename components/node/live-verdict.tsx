"use client";

import { useNodeForecast } from "@/components/forecast/use-node-forecast";
import { useClusterNow } from "@/components/ui/use-cluster-now";
import { cn, formatAge, formatTime } from "@/lib/format";
import { liveVerdict, type VerdictState } from "@/lib/words/forecast-verdict";

import { StaleVerdict } from "./stale-verdict";

const TONE: Record<VerdictState, string> = {
  evicting: "border-red-600 bg-red-50 text-red-950 dark:border-red-500 dark:bg-red-950/40 dark:text-red-100",
  held: "border-amber-500 bg-amber-50 text-amber-950 dark:border-amber-400 dark:bg-amber-950/40 dark:text-amber-100",
  approaching: "border-orange-500 bg-orange-50 text-orange-950 dark:border-orange-400 dark:bg-orange-950/40 dark:text-orange-100",
  ok: "border-emerald-600 bg-emerald-50 text-emerald-950 dark:border-emerald-500 dark:bg-emerald-950/40 dark:text-emerald-100",
  "no-data": "border-zinc-300 bg-zinc-50 text-zinc-800 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200",
};

const HEADING: Record<VerdictState, string> = {
  evicting: "Eviction expected",
  held: "Pressure held",
  approaching: "Approaching a threshold",
  ok: "No pressure",
  "no-data": "No data",
};

/** The verdict in words at the top of the node page: what the kubelet is about to do, live, from the node's own settings. */
export function LiveVerdict({ name }: { name: string }) {
  const { forecast, documentTime, receivedAt, collection, pinned, stale: silent } = useNodeForecast(name);
  const now = useClusterNow(forecast?.now ?? documentTime ?? 0, receivedAt);
  // a node that stopped reporting gets what is known, not a forecast from its last stats
  if (silent) return <StaleVerdict stale={silent} now={now} />;
  if (!forecast) return null;
  const v = liveVerdict(forecast, now, formatTime);
  // a forecast from old stats must say so: the kubelet acts on fresh ones
  const stale =
    pinned.kind !== "pinned" && collection && collection.state !== "ok"
      ? `Stats are ${collection.state}${collection.ageSeconds != null ? ` (last Summary ${formatAge(collection.ageSeconds)} ago)` : ""}${collection.error ? `: ${collection.error}` : ""}; this forecast uses the last stats collected.`
      : null;
  return (
    <section
      aria-labelledby="verdict-h"
      data-testid="live-verdict"
      data-state={v.state}
      className={cn("rounded border-l-4 px-3 py-2", TONE[v.state])}
    >
      <h2 id="verdict-h" className="text-xs font-semibold uppercase tracking-wide">
        {HEADING[v.state]}{" "}
        <span className="font-normal normal-case">
          · {pinned.kind === "pinned" ? "pinned" : "live"}, as of {formatTime(now)}
        </span>
      </h2>
      <p className="text-sm" data-testid="verdict-text">
        {v.text}
      </p>
      {stale && (
        <p className="text-xs font-semibold" data-testid="verdict-stale">
          {stale}
        </p>
      )}
    </section>
  );
}
