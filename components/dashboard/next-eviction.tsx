"use client";

import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";

import { MUTED } from "@/components/ui/styles";
import { useClusterNow } from "@/components/ui/use-cluster-now";
import { clusterOptions, wantsLabels } from "@/lib/client/cluster-query";
import type { FleetRow } from "@/lib/contract/dto";
import { formatTime } from "@/lib/format";
import { atTheEarliest, EARLIEST_WHY, roughly } from "@/lib/words/forecast-phrases";
import { forecastWithheld } from "@/lib/words/node-status";

const WHY: Record<NonNullable<FleetRow["nextEviction"]>["because"], string> = {
  "hard-met": "hard threshold met",
  "grace-over": "soft grace over",
  grace: "soft grace ends",
  "reaches-hard": "reaches hard threshold at the recent rate",
  "reaches-soft": "reaches soft threshold at the recent rate, then grace",
};

/** When the kubelet is expected to evict on this node, counting down from the overview's time (its own cell: the label names the signal and why). */
export function NextEvictionCell({ r }: { r: FleetRow }) {
  const withheld = forecastWithheld(r);
  if (withheld)
    return (
      <span role="cell" className={MUTED} data-testid="next-eviction" title={withheld} aria-label={withheld}>
        no forecast
      </span>
    );
  // Only rows with something to count down tick: most of a fleet has nothing expected.
  if (!r.nextEviction && !r.pressureHold)
    return (
      <span role="cell" className={MUTED} data-testid="next-eviction" title="No eviction expected at the current rate">
        –
      </span>
    );
  return <Countdown r={r} />;
}

function Countdown({ r }: { r: FleetRow }) {
  const { data, dataUpdatedAt } = useQuery(clusterOptions(wantsLabels(useSearchParams().get("label"))));
  const now = useClusterNow(data ? Date.parse(data.generatedAt) : null, dataUpdatedAt);
  const e = r.nextEviction;
  const hold = r.pressureHold;
  if (!e) {
    const label = `${hold!.condition} held by the kubelet's transition period until ${formatTime(hold!.clearsAt)}: no threshold met, no eviction expected`;
    return (
      <span
        role="cell"
        className="truncate text-xs text-amber-700 dark:text-amber-300"
        data-testid="next-eviction"
        title={label}
        aria-label={label}
      >
        {hold!.clearsAt > now ? `held to ${formatTime(hold!.clearsAt)}` : "clearing"}
      </span>
    );
  }
  const soon = e.at <= now;
  // a lower bound reads the same here as in the headline and the signal panel (atTheEarliest)
  const inTime = atTheEarliest(roughly((e.at - now) / 1000), e.lowerBound);
  const label = `${e.signal}: ${WHY[e.because]}, ${soon ? "evicting now" : `in ${inTime} (${formatTime(e.at)})${e.lowerBound ? `: ${EARLIEST_WHY}` : ""}`}`;
  return (
    <span role="cell" className="truncate tabular-nums" data-testid="next-eviction" title={label} aria-label={label}>
      <span
        className={
          soon || e.because === "hard-met"
            ? "font-semibold text-red-600 dark:text-red-400"
            : e.because === "grace"
              ? "text-orange-700 dark:text-orange-300"
              : ""
        }
      >
        {soon ? "now" : inTime}
      </span>
    </span>
  );
}
