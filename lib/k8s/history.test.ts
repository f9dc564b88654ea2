import { describe, expect, it } from "vitest";

import { NodeHistory } from "./history";

const s = (v: number) => [{ signal: "memory.available", available: v, capacity: 100 }];

describe("NodeHistory", () => {
  it("grows from a small buffer and keeps only the newest maxSamples", () => {
    const h = new NodeHistory(5, 2);
    for (let i = 0; i < 8; i++) h.push(i * 10_000, s(i));
    expect(h.size).toBe(5);
    const series = h.series(10);
    expect(series.start).toBe(30_000);
    expect(series.signals["memory.available"]).toEqual({ available: [3, 4, 5, 6, 7], capacity: 100 });
  });

  it("puts jittered samples on a regular grid with null gaps and per-signal holes", () => {
    const h = new NodeHistory(10);
    h.push(1_000, s(1));
    h.push(11_500, [{ signal: "pid.available", available: 9, capacity: 10 }]);
    h.push(31_200, s(3));
    const series = h.series(10);
    expect(series.start).toBe(0);
    expect(series.signals["memory.available"]!.available).toEqual([1, null, null, 3]);
    expect(series.signals["pid.available"]!.available).toEqual([null, 9, null, null]);
  });

  it("answers an empty series before the first sample", () => {
    expect(new NodeHistory(3).series(10)).toEqual({ start: 0, intervalSeconds: 10, signals: {} });
  });
});

describe("NodeHistory in one buffer", () => {
  it("adds a signal seen later without disturbing the others, across growth and wrap-around", () => {
    const h = new NodeHistory(6, 2);
    for (let i = 0; i < 9; i++) {
      const samples = [{ signal: "memory.available", available: i, capacity: 100 }];
      if (i >= 4) samples.push({ signal: "pid.available", available: 10 * i, capacity: 1000 });
      h.push(i * 10_000, samples);
    }
    const series = h.series(10);
    expect(series.start).toBe(30_000);
    expect(series.signals["memory.available"]!.available).toEqual([3, 4, 5, 6, 7, 8]);
    expect(series.signals["pid.available"]).toEqual({ available: [null, 40, 50, 60, 70, 80], capacity: 1000 });
    expect(h.bytes()).toBe(6 * 3 * 8);
  });
});

describe("NodeHistory.series with a window", () => {
  it("keeps only the newest slots, each with its newest observed value", () => {
    const h = new NodeHistory(100);
    for (let i = 0; i < 50; i++) h.push(i * 10_000, [{ signal: "memory.available", available: i, capacity: 100 }]);
    h.push(490_000, [{ signal: "pid.available", available: 7, capacity: 9 }]);
    const s = h.series(10, 3);
    expect(s.start).toBe(470_000);
    expect(s.signals["memory.available"]!.available).toEqual([47, 48, 49]);
    expect(s.signals["pid.available"]!.available).toEqual([null, null, 7]);
  });
});
