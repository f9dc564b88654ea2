import { describe, expect, it } from "vitest";

import { NodeHistory } from "./history";

const s = (v: number) => [{ signal: "memory.available", available: v, capacity: 100 }];

describe("NodeHistory", () => {
  it("grows from a small buffer and keeps only the newest maxSamples", () => {
    const h = new NodeHistory(5, 2);
    h.push(0, s(0));
    // a capacity, then the times in 8 bytes and the signal's whole values in 4 (history-columns.ts)
    expect([h.bytes(), h.bytesWhenFull()]).toEqual([8 + 2 * 8 + 2 * 4, 8 + 5 * 8 + 5 * 4]);
    for (let i = 1; i < 8; i++) h.push(i * 10_000, s(i));
    expect(h.bytes()).toBe(h.bytesWhenFull());
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
    expect(h.bytes()).toBe(2 * 8 + 6 * 8 + 6 * 2 * 4); // a capacity per signal, the times, then two 4-byte signals
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

describe("NodeHistory counters (PSI totals) beside the signals", () => {
  const counter = (v: number) => [{ name: "memory.some", value: v }];

  it("gives back each counter's readings, the newest exactly, on the signals' grid, without disturbing them", () => {
    const h = new NodeHistory(6, 2);
    const base = 8_123_456_789_012; // 94 days of stall in µs: far beyond 2 bytes
    for (let i = 0; i < 9; i++) h.push(i * 10_000, s(i), i >= 3 ? counter(base + i * 2_500_000) : []);
    expect(h.hasCounters).toBe(true);
    expect(h.series(10).signals["memory.available"]!.available).toEqual([3, 4, 5, 6, 7, 8]);
    expect(Object.keys(h.series(10).signals)).toEqual(["memory.available"]);
    const c = h.counterSeries(10)!;
    expect(c.start).toBe(30_000);
    expect(c.signals["memory.some"]).toEqual({ available: [3, 4, 5, 6, 7, 8].map((i) => base + i * 2_500_000), capacity: null });
  });

  it("keeps every 10 s difference within a millisecond, and the newest reading exact", () => {
    const h = new NodeHistory(400);
    const values = [5e9];
    for (let i = 1; i < 360; i++) values.push(values[i - 1]! + Math.floor(((i * 7919) % 10_000) * 1000.37)); // 0–10 s of stall per 10 s
    values.forEach((v, i) => h.push(i * 10_000, s(i), counter(v)));
    const got = h.counterSeries(10)!.signals["memory.some"]!.available as number[];
    expect(got.at(-1)).toBe(values.at(-1));
    for (let i = 1; i < values.length; i++)
      expect(Math.abs(got[i]! - got[i - 1]! - (values[i]! - values[i - 1]!))).toBeLessThanOrEqual(500);
    expect(Math.abs(got[300]! - got[294]! - (values[300]! - values[294]!))).toBeLessThanOrEqual(3000); // a 60 s window
  });

  it("takes a reset (the counter went down: a reboot) or a gap over 65 s as no growth, keeping the readings around it", () => {
    const h = new NodeHistory(10);
    [1e9, 1e9 + 4e6, 2e6, 6e6, 6e6 + 9e7, 6e6 + 9e7 + 1e6].forEach((v, i) => h.push(i * 10_000, s(i), counter(v)));
    const got = h.counterSeries(10)!.signals["memory.some"]!.available as number[];
    const steps = got.slice(1).map((v, i) => v - got[i]!);
    expect(steps).toEqual([4e6, 0, 4e6, 0, 1e6]); // 4 s, reset, 4 s, 90 s (over 65 s: unknown), 1 s
    expect(got.at(-1)).toBe(6e6 + 9e7 + 1e6);
  });

  it("skips a reading that is not a number, and has no counters until one is recorded", () => {
    const h = new NodeHistory(10);
    h.push(0, s(1), counter(NaN));
    expect(h.hasCounters).toBe(false);
    expect(h.counterSeries(10)).toBeUndefined();
    h.push(10_000, s(2), counter(50_000));
    h.push(20_000, s(3));
    h.push(30_000, s(4), counter(2_050_000));
    expect(h.counterSeries(10)!.signals["memory.some"]!.available).toEqual([null, 50_000, null, 2_050_000]);
    expect(h.bytes()).toBe(2 * 8 + 10 * 8 + 10 * 4 + 10 * 2); // capacity and newest reading, times, one 4-byte signal, then one counter in 2 bytes
  });
});

describe("NodeHistory column layouts shared between nodes", () => {
  it("keeps each node's values and capacities apart when nodes see the same signals in other orders", () => {
    const a = new NodeHistory(4);
    const b = new NodeHistory(4);
    const c = new NodeHistory(4);
    const mem = (v: number, cap: number) => ({ signal: "memory.available", available: v, capacity: cap });
    const pid = (v: number, cap: number) => ({ signal: "pid.available", available: v, capacity: cap });
    a.push(0, [mem(1, 10), pid(2, 20)]);
    b.push(0, [pid(3, 30), mem(4, 40)]);
    c.push(0, [mem(5, 50)]);
    c.push(10_000, [mem(6, 50), pid(7, 70)], [{ name: "io.some", value: 9 }]);
    expect(a.series(10).signals).toEqual({
      "memory.available": { available: [1], capacity: 10 },
      "pid.available": { available: [2], capacity: 20 },
    });
    expect(b.series(10).signals).toEqual({
      "pid.available": { available: [3], capacity: 30 },
      "memory.available": { available: [4], capacity: 40 },
    });
    expect(c.series(10).signals).toEqual({
      "memory.available": { available: [5, 6], capacity: 50 },
      "pid.available": { available: [null, 7], capacity: 70 },
    });
    expect(c.counterSeries(10)!.signals).toEqual({ "io.some": { available: [null, 9], capacity: null } });
    expect(a.hasCounters).toBe(false);
  });
});
