"use client";

import { words, type SignalForecast } from "@/lib/forecast";
import { formatPercent, formatSignal, formatTime } from "@/lib/format";

interface SignalForecastViewProps {
  f: SignalForecast;
  /** Cluster time now (ticking). */
  now: number;
}

function rateText(f: SignalForecast): string | null {
  if (f.ratePerSecond == null) return null;
  const per =
    Math.abs(f.ratePerSecond) >= 1
      ? `${formatSignal(f.signal, Math.abs(f.ratePerSecond))}/s`
      : `${formatSignal(f.signal, Math.abs(f.ratePerSecond * 60))}/min`;
  if (Math.abs(f.ratePerSecond) < 1e-9) return "steady over the last 5 min";
  return `${f.ratePerSecond < 0 ? "falling" : "rising"} ${per} over the last 5 min`;
}

function reachText(kind: "soft" | "hard", f: SignalForecast, now: number): string | null {
  const met = kind === "soft" ? f.softMet : f.hardMet;
  const seconds = kind === "soft" ? f.secondsToSoft : f.secondsToHard;
  if (met) return `${kind}: met`;
  if (!f.configured[kind]) return null;
  if (f.ratePerSecond == null) return `${kind}: no trend yet`;
  if (seconds == null) return `${kind}: not approaching`;
  return `${kind}: in ${words.roughly(seconds)} (${formatTime(now + seconds * 1000)})`;
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
  return { text: `Soft met since ${formatTime(g.metSince.at)} (${progress}); ${acts}.`, note: BASIS_NOTE[g.metSince.basis] };
}

function marginText(f: SignalForecast, rate: string | null): string {
  const m = f.margin!;
  const head =
    m.value < 0
      ? `Below the ${m.kind} threshold by ${formatSignal(f.signal, -m.value)} (${formatPercent(-m.fraction)} of capacity)`
      : `Margin ${formatSignal(f.signal, m.value)} (${formatPercent(m.fraction)} of capacity) to the ${m.kind} threshold`;
  return `${head}; ${rate ?? "no trend yet (fewer than 3 samples)"}.`;
}

/** The live forecast of one signal: margin, rate, time to each threshold, grace countdown (the next pod out is per resource: next-pod-out.tsx). */
export function SignalForecastView({ f, now }: SignalForecastViewProps) {
  if (f.margin == null) return null;
  const grace = graceText(f, now);
  const reach = [reachText("soft", f, now), reachText("hard", f, now)].filter(Boolean).join(" · ");
  return (
    <div className="space-y-1 rounded bg-zinc-50 p-2 text-sm dark:bg-zinc-900" data-testid={`forecast-${f.signal}`}>
      <h4 className="text-xs font-semibold text-zinc-600 dark:text-zinc-400">Live forecast</h4>
      <p data-testid="forecast-margin">{marginText(f, rateText(f))}</p>
      <p data-testid="forecast-reach">At the recent rate: {reach}</p>
      {f.hardMet && (
        <p data-testid="forecast-hard" className="font-semibold text-red-700 dark:text-red-400">
          Hard threshold met: the kubelet evicts on its next 10 s cycle, with a 1 s grace for the pod.
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
