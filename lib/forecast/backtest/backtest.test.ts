// The backtest, small: a few simulated hours of the leak shapes, bursts and steady load, played on
// the simulator's clock through the production forecast, scored against the kubelets' evictions.
// `npm run backtest` plays every shape for 3 h; docs/forecast.md has its table.
import { describe, expect, it } from "vitest";

import { record } from "./run";
import { score } from "./score";

describe("backtest", () => {
  it("foresees leaks: recall and precision ≥ 0.9, a minute or more ahead, with no contradiction", async () => {
    for (const [name, seconds] of [
      ["memory-pressure", 1200],
      ["slow-leak", 3300],
    ] as const) {
      const s = score(await record(name, seconds));
      expect(s.evictions, name).toBeGreaterThan(0);
      expect(s.recall, name).toBeGreaterThanOrEqual(0.9);
      expect(s.precision, name).toBeGreaterThanOrEqual(0.9);
      expect(s.medianLeadSeconds, name).toBeGreaterThanOrEqual(60);
      expect(s.contradictions, name).toBe(0);
    }
  });

  it("bursts: unforecastable, and the headline says so before evictions it could not foresee", async () => {
    const s = score(await record("bursts", 1200));
    expect(s.evictions).toBeGreaterThan(0);
    expect(s.warned).toBeGreaterThan(0);
    expect(s.contradictions).toBe(0);
  });

  it("steady load: no eviction and no forecast of one", async () => {
    const s = score(await record("steady", 900));
    expect(s.evictions).toBe(0);
    expect(s.due).toBe(0);
    expect(s.contradictions).toBe(0);
  });
});
