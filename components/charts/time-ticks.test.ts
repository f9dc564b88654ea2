import { describe, expect, it } from "vitest";

import { timeTicks, timeWindow } from "./time-ticks";

const T = Date.parse("2026-03-02T14:42:07Z");

describe("timeTicks", () => {
  it.each([
    ["one minute", 60, 15_000],
    ["five minutes", 300, 60_000],
    ["one hour", 3600, 900_000],
    ["a day", 86400, 21_600_000],
  ])("%s: round steps, at most 6 ticks, every label distinct", (_name, spanSeconds, step) => {
    const { ticks, format } = timeTicks(T, T + spanSeconds * 1000);
    expect(ticks.length).toBeGreaterThan(1);
    expect(ticks.length).toBeLessThanOrEqual(6);
    expect(ticks[1]! - ticks[0]!).toBe(step);
    const labels = ticks.map(format);
    expect(new Set(labels).size).toBe(labels.length);
    for (const t of ticks) expect(t).toBeGreaterThanOrEqual(T);
  });
  it("uses one format per axis: seconds only when the step is under a minute", () => {
    expect(
      timeTicks(T, T + 60_000)
        .ticks.map(timeTicks(T, T + 60_000).format)
        .every((l) => /^\d\d:\d\d:\d\d$/.test(l)),
    ).toBe(true);
    const hour = timeTicks(T, T + 3600_000);
    expect(hour.ticks.map(hour.format).every((l) => /^\d\d:\d\d$/.test(l))).toBe(true);
  });
});

describe("timeWindow", () => {
  it("spans the drawn samples, first to last", () => {
    const w = timeWindow(T, T + 600_000, false);
    expect([w.from, w.to]).toEqual([T, T + 600_000]);
    expect(w.ticks.every((t) => t >= T && t <= T + 600_000)).toBe(true);
  });
  it("puts a single sample in the middle of a two-minute axis", () => {
    const w = timeWindow(T, T, true);
    expect([w.from, w.to]).toEqual([T - 60_000, T + 60_000]);
  });
  it("widens a short span to the minimum asked for", () => {
    expect(timeWindow(T, T + 10_000, false, 60_000).to).toBe(T + 60_000);
    expect(timeWindow(T, T + 10_000, false).to).toBe(T + 10_000);
  });
});
