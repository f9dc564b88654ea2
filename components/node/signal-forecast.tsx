"use client";

import { HOUSEKEEPING_INTERVAL_SECONDS } from "@/lib/eviction";
import { type SignalForecast } from "@/lib/forecast";
import { formatClock, formatTime } from "@/lib/format";
import * as words from "@/lib/words/forecast-phrases";
import * as sentences from "@/lib/words/forecast-sentences";

interface SignalForecastViewProps {
  f: SignalForecast;
  /** Cluster time now (ticking). */
  now: number;
  /** Cluster time of the forecast: projected times count from it. */
  forecastAt: number;
  /** A pinned link's moment (`at=`): the forecast is the one made then, not a live one. */
  pinnedAt?: number | null;
}

const BASIS_NOTE = {
  history: null,
  condition: "Met-since is the pressure condition's transition time: Headroom's own samples start later.",
  "history-start": "Met since before Headroom's samples begin: the kubelet acts at that time at the latest.",
} as const;

function graceText(f: SignalForecast, now: number): { text: string; note: string | null } | null {
  const g = f.soft;
  if (!g) return null;
  const progress = words.graceProgress((now - g.metSince.at) / 1000, g.graceSeconds);
  const acts =
    g.actsAt <= now
      ? "the grace period is over: the kubelet evicts on its next cycle"
      : `the kubelet acts at ${formatTime(g.actsAt)}, in ${words.roughly((g.actsAt - now) / 1000)}`;
  // a batch cycle that turns back before the grace ends: the kubelet acts only if this fill stays longer
  const unless = f.rideOut
    ? ` if it is still met then; a batch cycle: ${words.rideOutPhrase(f.rideOut)}, and this one is on the same course`
    : "";
  return {
    text: `Soft met since ${formatTime(g.metSince.at)} (${progress}); ${acts}${unless}.`,
    note: BASIS_NOTE[g.metSince.basis],
  };
}

/** One signal's forecast, live or as of a pinned moment: margin, rate, time to each threshold, grace countdown (the next pod out is per resource: next-pod-out.tsx). */
export function SignalForecastView({ f, now, forecastAt, pinnedAt }: SignalForecastViewProps) {
  if (f.margin == null) return null;
  const grace = graceText(f, now);
  const erratic = words.erraticPhrase(f);
  return (
    <div className="space-y-1 rounded bg-zinc-50 p-2 text-sm dark:bg-zinc-900" data-testid={`forecast-${f.signal}`}>
      <h4 className="text-xs font-semibold text-zinc-600 dark:text-zinc-400" data-testid="forecast-heading">
        {/* a pinned link shows the forecast made then, which does not move: "live" would be untrue */}
        {pinnedAt != null ? `Forecast as of ${formatTime(pinnedAt)} (pinned)` : "Live forecast"}
      </h4>
      <p data-testid="forecast-margin">{sentences.marginSentence(f, forecastAt, formatClock)}</p>
      {/* "hard: no trend yet" for every threshold only repeats the margin sentence's "no trend yet (why)" */}
      {f.reach.some((r) => r.state !== "no-trend") && (
        <p data-testid="forecast-reach">{sentences.reachSentence(f, forecastAt, formatClock)}</p>
      )}
      {erratic && (
        <p data-testid="forecast-erratic" className="text-orange-800 dark:text-orange-300">
          {erratic[0]!.toUpperCase() + erratic.slice(1)}.
        </p>
      )}
      {f.hardMet && (
        <p data-testid="forecast-hard" className="font-semibold text-red-700 dark:text-red-400">
          Hard threshold met: the kubelet evicts on its next {HOUSEKEEPING_INTERVAL_SECONDS} s cycle, with a 1 s grace for the
          pod.
        </p>
      )}
      {grace && (
        <p data-testid="forecast-grace" className="text-orange-800 dark:text-orange-300">
          {grace.text}
          {grace.note && <span className="block text-xs text-zinc-500 dark:text-zinc-400">{grace.note}</span>}
        </p>
      )}
    </div>
  );
}
