import { describe, expect, it } from "vitest";

import type { HistoryDoc } from "@/lib/contract/history";

import { withNewestFromMemory } from "./history";

const doc = (source: HistoryDoc["source"], points: [number, number][], extra: HistoryDoc["series"] = []): HistoryDoc => ({
  source,
  from: 0,
  to: 100,
  step: 10,
  series: [{ signal: "memory.available", points, thresholds: [{ kind: "hard", points: points.map(([t]) => [t, 1]) }] }, ...extra],
});

describe("withNewestFromMemory", () => {
  it("adds the ring's points after Prometheus's last one, thresholds too", () => {
    const out = withNewestFromMemory(
      doc("prometheus", [
        [10, 7],
        [20, 6],
      ]),
      doc("memory", [
        [10, 99],
        [20, 98],
        [30, 5],
        [40, 4],
      ]),
    );
    expect(out.source).toBe("prometheus");
    expect(out.series[0]!.points).toEqual([
      [10, 7],
      [20, 6],
      [30, 5],
      [40, 4],
    ]);
    expect(out.series[0]!.thresholds[0]!.points.map(([t]) => t)).toEqual([10, 20, 30, 40]);
  });
  it("keeps a signal only the ring has seen", () => {
    const ring = doc("memory", [[30, 5]], [{ signal: "pid.available", points: [[30, 100]], thresholds: [] }]);
    expect(withNewestFromMemory(doc("prometheus", [[10, 7]]), ring).series.map((s) => s.signal)).toEqual([
      "memory.available",
      "pid.available",
    ]);
  });
});
