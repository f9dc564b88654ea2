import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { adviseNode } from "@/lib/whatif/advisor-fixes";

import { largestCycleDrop, type AvailableSeries } from "./index";

const Mi = 2 ** 20;
const FULL_HARD = {
  "nodefs.available": "10%",
  "nodefs.inodesFree": "5%",
  "imagefs.available": "15%",
  "imagefs.inodesFree": "5%",
};
const series = (available: (number | null)[], intervalSeconds = 10): AvailableSeries => ({
  start: 0,
  intervalSeconds,
  available,
});

describe("largestCycleDrop", () => {
  it("is the largest fall between neighbours, per 10 s, skipping gaps", () => {
    expect(largestCycleDrop(series([900, 800, null, 100, 50]))).toEqual({ bytes: 100, at: 10_000 });
    expect(largestCycleDrop(series([900, 700], 5))).toEqual({ bytes: 400, at: 5_000 });
    expect(largestCycleDrop(series([1, 2, 3]))).toBeNull();
  });
  it("property: no neighbouring fall (scaled) exceeds it, and it equals one of them", () => {
    const sample = fc.option(fc.integer({ min: 0, max: 2 ** 40 }), { nil: null });
    fc.assert(
      fc.property(fc.array(sample, { maxLength: 60 }), fc.constantFrom(5, 10, 15, 30), (available, interval) => {
        const got = largestCycleDrop(series(available, interval));
        const falls: number[] = [];
        for (let i = 1; i < available.length; i++) {
          const a = available[i - 1];
          const b = available[i];
          if (a != null && b != null && a > b) falls.push(((a - b) * 10) / interval);
        }
        if (falls.length === 0) return got === null;
        return got !== null && got.bytes === Math.max(...falls) && falls.includes(got.bytes);
      }),
    );
  });
  it("property: adding a constant to every sample changes nothing", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2 ** 32 }), { minLength: 2, maxLength: 40 }),
        fc.integer({ min: 0, max: 2 ** 32 }),
        (xs, k) => {
          const a = largestCycleDrop(series(xs));
          const b = largestCycleDrop(series(xs.map((x) => x + k)));
          return JSON.stringify(a) === JSON.stringify(b);
        },
      ),
    );
  });
});

describe("hard-below-cycle-drop", () => {
  const cfg = { evictionHard: { ...FULL_HARD, "memory.available": "100Mi" } };
  it("fires when memory.available fell 300Mi in one cycle against a 100Mi hard threshold", () => {
    const fs = adviseNode({
      name: "n1",
      kubeletConfig: cfg,
      kubeletFlags: null,
      memoryHistory: series([2000 * Mi, 1900 * Mi, 1600 * Mi]),
    });
    expect(fs.map((f) => f.rule)).toEqual(["hard-below-cycle-drop"]);
    expect(fs[0]?.severity).toBe("warning");
    expect(fs[0]?.message).toContain("fell by 300Mi in one 10 s cycle");
    expect(fs[0]?.fix?.whatIf).toEqual({ evictionHard: { "memory.available": "450Mi" } });
  });
  it("stays silent when every fall is within the threshold, and without history", () => {
    expect(
      adviseNode({
        name: "n1",
        kubeletConfig: cfg,
        kubeletFlags: null,
        memoryHistory: series([2000 * Mi, 1950 * Mi, 1900 * Mi]),
      }),
    ).toEqual([]);
    expect(adviseNode({ name: "n1", kubeletConfig: cfg, kubeletFlags: null, memoryHistory: null })).toEqual([]);
  });
});
