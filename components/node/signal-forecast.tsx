"use client";

import type { SignalForecast } from "@/lib/forecast";
import { words } from "@/lib/forecast";
import { formatPercent, formatSignal } from "@/lib/format";
import { localClock } from "@/components/ui/use-cluster-now";

interface Props {
  f: SignalForecast;
  /** Cluster time now (ticking). */
  now: number;
}

function rateText(f: SignalForecast): string | null {
  if (f.ratePerSecond == null) return null;
  const per = Math.abs(f.ratePerSecond) >= 1 ? `${formatSignal(f.signal, Math.abs(f.ratePerSecond))}/s` : `${formatSignal(f.signal, Math.abs(f.ratePerSecond * 60))}/min`;
  if (Math.abs(f.ratePerSecond) < 1e-9) return "steady over the last 5 min";
  return `${f.ratePerSecond < 0 ? "falling" : "rising"} ${per} over the last 5 min`;
}

function reachText(kind: "soft" | "hard", met: boolean, seconds: number | null, now: number): string {
  if (met) return `${kind}: met`;
  if (seconds == null) return `${kind}: not approaching`;
  return `${kind}: in ${words.roughly(seconds)} (${localClock(now + seconds * 1000)})`;
}

function graceText(f: SignalForecast, now: number): string | null {
  const g = f.soft;
  if (!g) return null;
  const since = g.metSince.basis === "history-start" ? `at least since ${localClock(g.metSince.at)}` : `since ${localClock(g.metSince.at)}`;
  const source = g.metSince.basis === "condition" ? " (the pressure condition's transition; Headroom's own samples start later)" : "";
  const progress = words.graceProgress((now - g.metSince.at) / 1000, g.graceSeconds);
  const acts = g.actsAt <= now ? "the grace period is over: the kubelet evicts on its next cycle" : `the kubelet acts at ${localClock(g.actsAt)}${g.metSince.basis === "history-start" ? " at the latest" : ""}, in ${words.roughly((g.actsAt - now) / 1000)}`;
  return `Soft met ${since}${source} (${progress}); ${acts}.`;
}

/** The live forecast of one signal: margin, rate, time to each threshold, grace countdown, hold, next pod out. */
export function SignalForecastView({ f, now }: Props) {
  const rate = rateText(f);
  const grace = graceText(f, now);
  const hasThresholds = f.margin != null;
  return (
    <div className="space-y-1 rounded bg-zinc-50 p-2 text-sm dark:bg-zinc-900" data-testid={`forecast-${f.signal}`}>
      <h4 className="text-xs font-semibold text-zinc-600 dark:text-zinc-400">Live forecast</h4>
      {f.margin && (
        <p data-testid="forecast-margin">
          Margin {formatSignal(f.signal, f.margin.value)} ({formatPercent(f.margin.fraction)} of capacity) to the {f.margin.kind} threshold{rate ? `; ${rate}` : "; no trend yet (fewer than 3 samples since the last change)"}.
        </p>
      )}
      {hasThresholds && (
        <p data-testid="forecast-reach">
          At this rate: {reachText("soft", f.softMet, f.secondsToSoft, now)} · {reachText("hard", f.hardMet, f.secondsToHard, now)}
        </p>
      )}
      {f.hardMet && (
        <p data-testid="forecast-hard" className="font-semibold text-red-700 dark:text-red-400">
          Hard threshold met: the kubelet evicts on its next 10 s cycle, with a 1 s grace for the pod.
        </p>
      )}
      {grace && (
        <p data-testid="forecast-grace" className="text-orange-800 dark:text-orange-300">
          {grace}
        </p>
      )}
      {f.nextPod && (
        <p data-testid="forecast-next-pod">
          Next pod out{f.softMet || f.hardMet ? "" : " if it comes to that"}: {words.podPhrase(f.signal, f.nextPod)}; {words.freesPhrase(f.signal, f.nextPod)}
          {f.nextPod.reachesMinReclaim ? ", enough to clear the threshold plus its minimum reclaim" : ""}.
        </p>
      )}
      {hasThresholds && !f.nextPod && <p data-testid="forecast-next-pod">Every pod on the node is critical: the kubelet has nothing to evict for this signal.</p>}
    </div>
  );
}
