import { describe, expect, it } from "vitest";

import { projectTimeToThreshold } from "./projection";

describe("projectTimeToThreshold", () => {
  it("projects a steady leak", () => {
    // 1000 → 910 over 10 s steps, losing 10 per step (1/s); threshold 800 is 110 s away from 910
    const samples = Array.from({ length: 10 }, (_, i) => 1000 - 10 * i);
    const p = projectTimeToThreshold(samples, 10, 800);
    expect(p?.slopePerSecond).toBeCloseTo(-1);
    expect(p?.secondsToThreshold).toBeCloseTo(110);
  });
  it("says nothing for a flat or growing signal", () => {
    expect(projectTimeToThreshold([5, 5, 5, 5], 10, 1)?.secondsToThreshold).toBeNull();
    expect(projectTimeToThreshold([1, 2, 3, 4], 10, 0)?.secondsToThreshold).toBeNull();
  });
  it("returns 0 when already below", () => {
    expect(projectTimeToThreshold([30, 20, 10], 10, 15)?.secondsToThreshold).toBe(0);
  });
  it("needs three samples and skips gaps", () => {
    expect(projectTimeToThreshold([null, 1, null], 10, 0)).toBeNull();
    expect(projectTimeToThreshold([100, null, 80, null, 60], 10, 0)?.secondsToThreshold).toBeCloseTo(60);
  });
});
