import { describe, expect, it } from "vitest";

import type { HistorySeries } from "@/lib/contract/dto";

import type { Discontinuity } from "./breaks";
import { theilSen } from "./projection";
import { rng } from "./test-rng";
import { currentTrend, MIN_TREND_SAMPLES, TREND_WINDOW_SAMPLES, type Trend } from "./trend";

// currentTrend as it was before its scratch buffers (trend.ts, round eighteen): arrays built per
// call, steps sorted anew for each median. The new one must give the same trend, value for value.
const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

function isJumpBefore(step: number, accepted: readonly number[], scale: number): boolean {
  if (accepted.length < 3) return Math.abs(step) > 0.05 * scale;
  const med = median(accepted);
  const sigma = 1.4826 * median(accepted.map((d) => Math.abs(d - med)));
  return Math.abs(step - med) > Math.max(6 * sigma, 4 * Math.abs(med), 0.01 * scale);
}

function bendInBefore(segment: readonly number[], t: readonly number[], v: readonly number[], slack: number): number {
  if (segment.length <= MIN_TREND_SAMPLES) return 0;
  const recent = segment.slice(-MIN_TREND_SAMPLES);
  const last = recent.at(-1)!;
  const fit = theilSen(recent.map((k) => [t[k]! / 1000, v[k]!] as const));
  if (!fit) return 0;
  let i = segment.length - MIN_TREND_SAMPLES;
  while (i > 0) {
    const k = segment[i - 1]!;
    const dtSeconds = (t[last]! - t[k]!) / 1000;
    const expected = v[last]! - fit.slopePerSecond * dtSeconds;
    if (Math.abs(v[k]! - expected) > slack + (fit.high - fit.low) * dtSeconds) break;
    i--;
  }
  return i;
}

function currentTrendBefore(h: HistorySeries | null, signal: string, breaks: readonly Discontinuity[]): Trend | null {
  const col = h?.signals[signal];
  if (!h || !col) return null;
  const dt = h.intervalSeconds * 1000;
  const t: number[] = [];
  const v: number[] = [];
  for (let i = Math.max(0, col.available.length - TREND_WINDOW_SAMPLES); i < col.available.length; i++) {
    const x = col.available[i];
    if (x != null && Number.isFinite(x)) {
      t.push(h.start + i * dt);
      v.push(x);
    }
  }
  if (t.length === 0) return null;
  let start = 0;
  let cause: Discontinuity | null = null;
  const newest = breaks.reduce<Discontinuity | null>((a, b) => (b.at >= t[0]! && (a == null || b.at > a.at) ? b : a), null);
  if (newest) {
    const i = t.findIndex((x) => x > newest.at);
    start = i < 0 ? t.length : i;
    cause = newest;
  }
  const scale = col.capacity ?? Math.max(...v.map(Math.abs));
  const stepOf = (a: number, b: number) => (v[b]! - v[a]!) / ((t[b]! - t[a]!) / dt);
  const steps: number[] = [];
  const kept: number[] = [t.length - 1];
  let i = t.length - 1;
  while (i > start) {
    const step = stepOf(i - 1, i);
    if (!isJumpBefore(step, steps, scale)) {
      steps.push(step);
      kept.push(--i);
    } else if (i - 2 >= start && !isJumpBefore(stepOf(i - 2, i), steps, scale)) {
      steps.push(stepOf(i - 2, i));
      i -= 2;
      kept.push(i);
    } else {
      cause = { at: t[i]!, what: `a ${step > 0 ? "rise" : "drop"} in the samples` };
      start = i;
      break;
    }
  }
  let segment = t.length > start ? kept.filter((k) => k >= start).reverse() : [];
  const med = steps.length ? median(steps) : 0;
  let swing = 0;
  for (let k = 1; k < t.length; k++)
    if (t[k]! - t[k - 1]! === dt && !breaks.some((b) => b.at >= t[k - 1]! && b.at < t[k]!))
      swing = Math.max(swing, v[k - 1]! - v[k]!);
  const sigma = steps.length ? 1.4826 * median(steps.map((d) => Math.abs(d - med))) : 0;
  const bend = bendInBefore(segment, t, v, Math.max(4 * sigma, 0.01 * scale));
  if (bend > 0) {
    segment = segment.slice(bend);
    cause = { at: t[segment[0]!]!, what: "a change of rate" };
  }
  const n = segment.length;
  const first = col.available.findIndex((x) => x != null && Number.isFinite(x));
  const last = t[t.length - 1]!;
  const broke = breaks.reduce((a, b) => (b.at <= last && b.at > a ? b.at : a), -Infinity);
  const observedFrom = Math.max(h.start + first * dt, broke);
  const points = segment.map((k) => [(t[k]! - t[segment[0]!]!) / 1000, v[k]!] as const);
  return {
    fit: n >= MIN_TREND_SAMPLES ? theilSen(points) : null,
    samples: n,
    since: n > 0 ? t[segment[0]!]! : null,
    spanSeconds: n > 0 ? (last - t[segment[0]!]!) / 1000 : 0,
    observedSeconds: Math.max(0, (last - observedFrom) / 1000),
    cause,
    swing,
  };
}

/** A signal's history as the cache resamples it: a leak, a flat run, noise, steps, outliers, gaps and restarts. */
function history(r: () => number): { h: HistorySeries; breaks: Discontinuity[] } {
  const slots = 1 + Math.floor(r() * 70);
  const start = 1_700_000_000_000 + Math.floor(r() * 1e6) * 10_000;
  const capacity = r() < 0.2 ? null : 16 * 2 ** 30;
  const available: (number | null)[] = [];
  let x = r() * 8 * 2 ** 30;
  let rate = r() < 0.3 ? 0 : (r() - 0.7) * 2 ** 24;
  // a leak that begins (or changes speed) partway: a bend, not a jump
  const bendAt = r() < 0.5 ? slots - 6 - Math.floor(r() * 20) : slots;
  const bentRate = -(2 ** 24 + r() * 2 ** 26);
  const noise = r() < 0.5 ? 0 : r() * 2 ** 20;
  for (let i = 0; i < slots; i++) {
    const kind = r();
    if (i === bendAt) rate = bentRate;
    if (kind < 0.08) available.push(null);
    else if (kind < 0.1) available.push(Number.NaN);
    else {
      if (kind < 0.12) x += (r() - 0.5) * 2 ** 31; // a step: a pod started or was evicted
      x += rate;
      // whole KiB, as kubelets report; an outlier now and then
      const v = kind > 0.97 ? x * 0.5 : x + (noise ? (r() - 0.5) * noise : 0);
      available.push(Math.max(0, Math.round(v / 1024) * 1024));
    }
  }
  const breaks: Discontinuity[] = [];
  for (let b = r() < 0.3 ? 1 + Math.floor(r() * 2) : 0; b > 0; b--)
    breaks.push({ at: start + Math.floor(r() * (slots + 5) * 10_000) - 20_000, what: `event ${b}` });
  return { h: { start, intervalSeconds: 10, signals: { "memory.available": { available, capacity } } }, breaks };
}

describe("currentTrend on its scratch buffers", () => {
  it("gives the trend the per-call arrays gave, for 6 000 histories", () => {
    const seen = { fitted: 0, bend: 0, jump: 0, event: 0 };
    for (let seed = 1; seed <= 6000; seed++) {
      const { h, breaks } = history(rng(seed));
      const want = currentTrendBefore(h, "memory.available", breaks);
      const got = currentTrend(h, "memory.available", breaks);
      expect(got, `seed ${seed}`).toStrictEqual(want);
      if (want?.fit) seen.fitted++;
      if (want?.cause?.what === "a change of rate") seen.bend++;
      else if (want?.cause?.what.endsWith("in the samples")) seen.jump++;
      else if (want?.cause) seen.event++;
    }
    // the generator reaches every way a trend ends: fitted, bent, cut at a jump or at an event
    expect(seen.fitted).toBeGreaterThan(2000);
    expect(seen.bend).toBeGreaterThan(40);
    expect(seen.jump).toBeGreaterThan(300);
    expect(seen.event).toBeGreaterThan(300);
  });

  it("starts the trend where a leak began after a flat run", () => {
    const flat = Array.from({ length: 20 }, () => 8 * 2 ** 30);
    const leak = Array.from({ length: 10 }, (_, i) => 8 * 2 ** 30 - (i + 1) * 64 * 2 ** 20);
    const h: HistorySeries = {
      start: 1_700_000_000_000,
      intervalSeconds: 10,
      signals: { "memory.available": { available: [...flat, ...leak], capacity: 16 * 2 ** 30 } },
    };
    const got = currentTrend(h, "memory.available", []);
    expect(got).toStrictEqual(currentTrendBefore(h, "memory.available", []));
    expect(got?.cause?.what).toBe("a change of rate");
    expect(got?.fit?.slopePerSecond).toBeCloseTo((-64 * 2 ** 20) / 10);
  });

  it("is not changed by the call before it (the buffers hold nothing over)", () => {
    const a = history(rng(7));
    const b = history(rng(8));
    const alone = currentTrend(a.h, "memory.available", a.breaks);
    currentTrend(b.h, "memory.available", b.breaks);
    expect(currentTrend(a.h, "memory.available", a.breaks)).toStrictEqual(alone);
  });
});
