// Reads the printed forecast back and checks every time against its own numbers: a printed time
// must equal the printed margin ÷ the printed rate within the rounding of all three, or the
// sentence must say why not. Used by the property test and by the backtest, on the production
// sentences (sentences.ts, verdict.ts).
import { MIN_FILLS } from "../forecast/cycle";
import type { NodeForecast } from "../forecast/node-forecast";
import { HORIZON_SECONDS } from "../forecast/signal-forecast";
import { marginSentence, reachSentence } from "./forecast-sentences";
import { liveVerdict } from "./forecast-verdict";

type Interval = [number, number];

const BINARY: Record<string, number> = { "": 1, Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, Pi: 2 ** 50, Ei: 2 ** 60 };
const SECONDS: Record<string, number> = { s: 1, min: 60, h: 3600 };

/** A value as formatSignal prints it ("4.6Gi", "512", "12,000"), as the interval it was rounded from. */
export function amount(text: string): Interval {
  const m = /^(-?[\d,.]+)(Ki|Mi|Gi|Ti|Pi|Ei)?$/.exec(text);
  if (!m) throw new Error(`not an amount: ${text}`);
  const unit = BINARY[m[2] ?? ""]!;
  const v = Number(m[1]!.replace(/,/g, "")) * unit;
  // "1.5Gi" and "1Gi" are both rounded to a tenth of the unit; plain numbers to one
  const half = unit === 1 ? 0.5 : 0.05 * unit;
  return [v - half, v + half];
}

/** A printed duration ("~40 s", "4–6 min") as the interval of seconds it stands for. */
export function duration(text: string): Interval {
  const m = /^(?:~(\d+)|(\d+)–(\d+)) (s|min|h)$/.exec(text);
  if (!m) throw new Error(`not a duration: ${text}`);
  const u = SECONDS[m[4]!]!;
  const lo = Number(m[1] ?? m[2]);
  const hi = Number(m[1] ?? m[3]);
  return [(lo - 0.5) * u - 1, (hi + 0.5) * u + 1];
}

const overlap = (a: Interval, b: Interval) => a[0] <= b[1] && b[0] <= a[1];
const fmt = (i: Interval) => `[${Math.round(i[0])}, ${Math.round(i[1])}] s`;

/** The printed rate per second, as an interval; null when the sentence prints none. */
function printedRate(margin: string): { rate: Interval; falling: boolean } | null {
  const m = /; (falling|rising) (\S+)\/(s|min) /.exec(margin);
  if (!m) return null;
  const [lo, hi] = amount(m[2]!);
  const per = m[3] === "min" ? 60 : 1;
  return { rate: [Math.max(0, lo) / per, hi / per], falling: m[1] === "falling" };
}

/** Every contradiction in the sentences of a node's forecast at `now`, in words; empty when none. */
export function contradictions(fc: NodeForecast, now: number, clock: (ms: number) => string): string[] {
  const out: string[] = [];
  const reachBySignal = new Map<string, Map<string, Interval>>();
  for (const f of fc.signals) {
    if (f.margin == null) continue;
    const margin = marginSentence(f, fc.now, clock);
    const reach = reachSentence(f, fc.now, clock);
    const rate = printedRate(margin);
    const times = new Map<string, Interval>();
    reachBySignal.set(f.signal, times);
    for (const m of reach.matchAll(/(soft|hard), (\S+) away: (in (.+?) \(|not approaching|not within (\d+) h)/g)) {
      const [, kind, away, , when] = m;
      const where = `${f.signal} ${kind}: "${m[0]}" with "${margin}"`;
      const [mlo, mhi] = amount(away!);
      if (when == null && m[3] === "not approaching") {
        if (rate?.falling && mlo > 0 && rate.rate[0] > 0) out.push(`${where}: falling, yet not approaching`);
        continue;
      }
      if (!rate || !rate.falling) {
        if (when != null) out.push(`${where}: a time without a falling rate`);
        continue;
      }
      const implied: Interval = [Math.max(0, mlo) / rate.rate[1], rate.rate[0] > 0 ? mhi / rate.rate[0] : Infinity];
      if (when == null) {
        if (implied[1] < HORIZON_SECONDS) out.push(`${where}: "not within 6 h", yet margin ÷ rate is ${fmt(implied)}`);
        continue;
      }
      const printed = duration(when.replace(/ \(could be much later: the rate is uncertain\)$/, ""));
      times.set(kind!, printed);
      if (!overlap(printed, implied)) out.push(`${where}: prints ${fmt(printed)}, margin ÷ rate is ${fmt(implied)}`);
    }
  }
  for (const f of fc.signals) {
    if (f.margin == null) continue;
    const reach = reachSentence(f, fc.now, clock);
    // a batch cycle: the earlier fills' turn must lie between this threshold and where the signal is now
    for (const m of reach.matchAll(/(soft|hard), (\S+) away: batch cycle: the last (\d+) fills turned back (\S+) above it/g)) {
      const [away, turned] = [amount(m[2]!), amount(m[4]!)];
      if (turned[1] <= 0 || away[1] < turned[0] || Number(m[3]) < MIN_FILLS)
        out.push(`${f.signal} ${m[1]}: "${m[0]}": the turn is not between the threshold and the margin`);
    }
  }
  const v = liveVerdict(fc, now, clock);
  const lead = /^Evicting in (.+?) \((\S+) reaches its hard threshold/.exec(v.text);
  const approach = /; (\S+) reaches the (soft|hard) threshold in (.+?) at the current rate/.exec(v.text);
  // the eviction countdown ticks with `now`; the approach sentence is the forecast's, as of fc.now
  const elapsed = (now - fc.now) / 1000;
  const claims = [
    ...(lead ? [{ signal: lead[2]!, kind: "hard", when: lead[1]!, shift: elapsed }] : []),
    ...(approach ? [{ signal: approach[1]!, kind: approach[2]!, when: approach[3]!, shift: 0 }] : []),
  ];
  for (const c of claims) {
    const panel = reachBySignal.get(c.signal)?.get(c.kind);
    const said = duration(c.when.replace(/ \(could be much later: the rate is uncertain\)$/, ""));
    const shifted: Interval | undefined = panel && [panel[0] - c.shift, panel[1] - c.shift];
    if (!shifted || !overlap(said, shifted)) out.push(`verdict "${v.text}" disagrees with the ${c.signal} ${c.kind} panel`);
  }
  if (fc.next && fc.next.at < fc.now && fc.next.because !== "hard-met" && fc.next.because !== "grace-over")
    out.push(`past due: ${fc.next.because} at ${fc.next.at - fc.now} ms`);
  return out;
}
