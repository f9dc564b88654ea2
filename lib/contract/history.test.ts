import { describe, expect, it } from "vitest";

import { historyDoc, psiSeriesOf, RANGES, stepFor, toHistorySeries, type HistoryDoc } from "./history";

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
    series: [
      {
        signal: "memory.available",
        points: [
          [1000, 5],
          [1020, 3],
          [1060, 1],
          [2000, 9],
        ],
        thresholds: [],
      },
    ],
  };
  it("puts each point in its slot, leaves gaps null and drops points outside the range", () => {
    expect(toHistorySeries(doc)).toEqual({
      start: 1_000_000,
      intervalSeconds: 10,
      signals: { "memory.available": { available: [5, null, 3, null, null, null, 1], capacity: null } },
    });
  });
  it("is what the route's schema accepts", () => {
    expect(historyDoc.parse(doc)).toEqual(doc);
    expect(() => historyDoc.parse({ ...doc, source: "disk" })).toThrow();
  });
});

describe("psiSeriesOf", () => {
  it("picks the PSI counters out of a history grid, named by resource and kind", () => {
    const doc: HistoryDoc = {
      source: "prometheus",
      from: 1000,
      to: 1020,
      step: 10,
      series: [
        { signal: "memory.available", points: [[1000, 5]], thresholds: [] },
        {
          signal: "psi:memory.full",
          points: [
            [1000, 1e6],
            [1010, 3e6],
          ],
          thresholds: [],
        },
      ],
    };
    const psi = psiSeriesOf(toHistorySeries(doc))!;
    expect(Object.keys(psi.signals)).toEqual(["memory.full"]);
    expect(psi.signals["memory.full"]!.available).toEqual([1e6, 3e6, null]);
    expect(psiSeriesOf(toHistorySeries({ ...doc, series: [doc.series[0]!] }))).toBeUndefined();
  });
});
