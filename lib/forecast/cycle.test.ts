import fc from "fast-check";
import { describe, expect, it } from "vitest";

import type { HistorySeries } from "@/lib/contract/dto";

import { batchCycle } from "./cycle";

const GI = 2 ** 30;
const CAP = 8 * GI;

/** `fills` complete fills of `len` samples from `top` down to `bottom`, then `current` samples of a fill falling `speed` times as fast. */
function sawtooth(fills: number, len: number, current: number, speed = 1, top = 6 * GI, bottom = 2 * GI): HistorySeries {
  const step = (top - bottom) / (len - 1);
  const v: number[] = [];
  for (let f = 0; f < fills; f++) for (let k = 0; k < len; k++) v.push(top - k * step);
  for (let k = 0; k < current; k++) v.push(top - k * step * speed);
  return { start: 0, intervalSeconds: 10, signals: { "memory.available": { available: v, capacity: CAP } } };
}

describe("batchCycle", () => {
  it("recognises fills that turned back, and a current fill on their course", () => {
    const c = batchCycle(sawtooth(3, 24, 10), "memory.available", []);
    expect(c).toEqual({ fills: 3, lowest: 2 * GI, expectedTurn: 2 * GI, sameCourse: true });
  });

  it("a fill deeper than the earlier ones at the same point is not on their course", () => {
    expect(batchCycle(sawtooth(3, 24, 10, 1.5), "memory.available", [])?.sameCourse).toBe(false);
  });

  it("a fill that goes on past the earlier ones' length is not on their course", () => {
    const h = sawtooth(3, 24, 0);
    const v = h.signals["memory.available"]!.available as number[];
    for (let k = 0; k < 30; k++) v.push(6 * GI - k * 0.1 * GI);
    expect(batchCycle(h, "memory.available", [])?.sameCourse).toBe(false);
  });

  it("turns the kubelet or the kernel forced are no cycle", () => {
    const h = sawtooth(3, 24, 10);
    // an eviction between the last sample of the second fill and the first of the third
    const at = 47 * 10_000 + 5_000;
    expect(batchCycle(h, "memory.available", [{ at, what: "the eviction of default/job", forced: true }])).toBeNull();
    expect(batchCycle(h, "memory.available", [{ at, what: "the restart of default/job/job" }])?.fills).toBe(3);
  });

  it("fills that sink one after another are expected to turn lower again", () => {
    const v: number[] = [];
    for (const bottom of [3, 2.5, 2]) for (let k = 0; k < 10; k++) v.push((6 - ((6 - bottom) * k) / 9) * GI);
    v.push(6 * GI, 5.6 * GI);
    const c = batchCycle({ start: 0, intervalSeconds: 10, signals: { m: { available: v, capacity: CAP } } }, "m", []);
    expect(c?.lowest).toBe(2 * GI);
    expect(c?.expectedTurn).toBe(1 * GI);
  });

  it("one turn is no cycle yet", () => {
    expect(batchCycle(sawtooth(1, 24, 10), "memory.available", [])).toBeNull();
  });

  it("on course never means below the earlier fills' lowest point", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }),
        fc.integer({ min: 6, max: 40 }),
        fc.integer({ min: 1, max: 60 }),
        fc.double({ min: 0.2, max: 3, noNaN: true }),
        (fills, len, current, speed) => {
          const h = sawtooth(fills, len, current, speed);
          const c = batchCycle(h, "memory.available", []);
          const v = h.signals["memory.available"]!.available;
          if (c?.sameCourse) expect(v.at(-1)!).toBeGreaterThanOrEqual(c.lowest);
          // deeper than the earlier fills at the same point by more than 3 % of capacity
          const behind = (current - 1) * ((4 * GI) / (len - 1)) * (speed - 1);
          if (behind > 0.035 * CAP && current <= len) expect(c?.sameCourse ?? false).toBe(false);
        },
      ),
    );
  });
});
