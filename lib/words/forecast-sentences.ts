// The sentences of one signal's live forecast panel (components/node/signal-forecast.tsx), here
// so the property test (consistency.test.ts) and the backtest read back exactly what a person
// reads: margin, rate since the regime began, and each threshold's time at that rate.
import { formatPercent, formatSignal } from "@/lib/format";

import { HORIZON_SECONDS, type SignalForecast, type ThresholdReach } from "../forecast/signal-forecast";
import { MIN_TREND_SAMPLES } from "../forecast/trend";
import { atTheEarliest, EARLIEST_WHY, rideOutPhrase, roughly, roughRange, withDate, type Clock } from "./forecast-phrases";

/** "4.6Gi/s" or, below one unit a second, "12Mi/min": enough digits to check a time against. */
function ratePhrase(signal: string, ratePerSecond: number): string {
  const r = Math.abs(ratePerSecond);
  return r >= 1 ? `${formatSignal(signal, r)}/s` : `${formatSignal(signal, r * 60)}/min`;
}

/** Where the regime began: "since the OOM kill in default/w at 13:21:05" or "over the last ~4 min". */
function regimePhrase(f: SignalForecast, clock: Clock): string {
  const t = f.trend!;
  if (t.cause) return `since ${t.cause.what} at ${clock(t.cause.at)}`;
  return `over the last ${roughly(t.spanSeconds).replace(/^~/, "")}`;
}

/** "falling 16.9Mi/s since …", "steady over the last 5 min", or "no trend yet (since …)". */
function rateSentence(f: SignalForecast, clock: Clock): string {
  const t = f.trend;
  if (!t) return "no trend yet (no samples)";
  if (f.ratePerSecond == null) {
    const since = t.cause ? `since ${t.cause.what} at ${clock(t.cause.at)}` : "too few samples";
    return `no trend yet (${since}: ${t.samples} of the ${MIN_TREND_SAMPLES} samples a rate needs)`;
  }
  const regime = regimePhrase(f, clock);
  if (f.ratePerSecond === 0) return `steady ${regime}`;
  return `${f.ratePerSecond < 0 ? "falling" : "rising"} ${ratePhrase(f.signal, f.ratePerSecond)} ${regime}`;
}

/** "Margin 4.6Gi (59.9% of capacity) to the soft threshold; falling 16.9Mi/s since …." */
export function marginSentence(f: SignalForecast, now: number, timeOfDay: Clock): string {
  const clock = withDate(timeOfDay, now);
  const m = f.margin!;
  const head =
    m.value < 0
      ? `Below the ${m.kind} threshold by ${formatSignal(f.signal, -m.value)} (${formatPercent(-m.fraction)} of capacity)`
      : `Margin ${formatSignal(f.signal, m.value)} (${formatPercent(m.fraction)} of capacity) to the ${m.kind} threshold`;
  return `${head}; ${rateSentence(f, clock)}.`;
}

/** One threshold at the recent rate: "soft, 4.6Gi away: in 4–6 min (14:03:10)", "hard: met", "hard, 9Gi away: not within 6 h". */
function reachPhrase(r: ThresholdReach, f: SignalForecast, now: number, clock: Clock): string {
  const away = `${r.kind}, ${formatSignal(f.signal, r.margin)} away`;
  switch (r.state) {
    case "met":
      return `${r.kind}: met`;
    case "no-trend":
      return `${r.kind}: no trend yet`;
    case "young":
      return `${away}: too soon to tell (the rate is younger than the time it would take; a batch job's fill looks like a leak until it turns back)`;
    case "receding":
      return `${away}: not approaching`;
    case "beyond":
      return `${away}: not within ${HORIZON_SECONDS / 3600} h`;
    case "cycle":
      return `${away}: batch cycle: the last ${r.cycle!.fills} fills turned back ${formatSignal(f.signal, r.cycle!.turnMargin)} above it; this one is on the same course`;
    case "cycle-grace":
      return `${away}: batch cycle: ${rideOutPhrase(r.rideOut!)}; this one is on the same course`;
    case "due": {
      const time = `${away}: in ${roughRange(r.seconds!, r.earliest!, r.latest)} (${clock(now + r.seconds! * 1000)})`;
      if (!r.lowerBound) return time;
      const gc = r.lowerBound.gcAt == null ? "" : ` (image GC starts in ${roughly(r.lowerBound.gcAt)})`;
      return `${atTheEarliest(time, true)}: ${EARLIEST_WHY.replace("first", `first${gc}`)}`;
    }
  }
}

/** "At the recent rate: soft, … · hard, …" for every configured threshold. */
export function reachSentence(f: SignalForecast, now: number, timeOfDay: Clock): string {
  const clock = withDate(timeOfDay, now);
  return `At the recent rate: ${f.reach.map((r) => reachPhrase(r, f, now, clock)).join(" · ")}`;
}
