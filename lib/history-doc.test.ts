import { describe, expect, it } from "vitest";
import { type HistoryDoc, RANGES, historyDoc, stepFor, toHistorySeries } from "./history-doc";

describe("stepFor", () => {
  it.each([
    ["15m", 10],
    ["1h", 10],
    ["6h", 60],
    ["24h", 240],
    ["7d", 1680],
  ] as const)("%s → %i s, at most ~360 points", (range, step) => {
    expect(stepFor(RANGES[range])).toBe(step);
    expect(RANGES[range] / step).toBeLessThanOrEqual(361);
  });
});

describe("toHistorySeries", () => {
  const doc: HistoryDoc = {
    source: "prometheus",
    from: 1000,
    to: 1060,
    step: 10,
    series: [{ signal: "memory.available", points: [[1000, 5], [1020, 3], [1060, 1], [2000, 9]], thresholds: [] }],
  };
  it("puts each point in its slot, leaves gaps null and drops points outside the range", () => {
    expect(toHistorySeries(doc)).toEqual({ start: 1_000_000, intervalSeconds: 10, signals: { "memory.available": { available: [5, null, 3, null, null, null, 1], capacity: null } } });
  });
  it("is what the route's schema accepts", () => {
    expect(historyDoc.parse(doc)).toEqual(doc);
    expect(() => historyDoc.parse({ ...doc, source: "disk" })).toThrow();
  });
});
