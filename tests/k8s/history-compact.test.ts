// The history's 4-byte signal columns (lib/k8s/store/history-columns.ts) against the float64
// buffer they replaced (history-reference.ts): for any sequence of samples, including values no
// 4-byte column can hold (fractions, negatives, −0, Infinity, 2^53), the series, the counters and
// the sample count read back exactly as before, Object.is for every number.
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { NodeHistory } from "@/lib/k8s/store/history";
import { fits, FLOAT, scaleFor } from "@/lib/k8s/store/history-columns";

import { RUNS } from "../property/arbitraries";
import { ReferenceNodeHistory } from "./history-reference";

const SIGNALS = ["memory.available", "nodefs.available", "nodefs.inodesFree", "pid.available", "images.bytes"];
const COUNTERS = ["memory.some", "cpu.some", "io.full"];

// Mostly what kubelets send (whole pages and KiB, whole counts), with what a broken one might.
const value = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 2 ** 22 }).map((k) => k * 4096) },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 2 ** 33 }) },
  { weight: 2, arbitrary: fc.integer({ min: 2 ** 30, max: 2 ** 43 }).map((k) => k * 1024) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(0, -0, -4096, 0.5, 2 ** 53, Number.MAX_VALUE, Infinity, -Infinity, NaN, 1024 * (2 ** 32 - 1)),
  },
  { weight: 1, arbitrary: fc.double({ noNaN: false }) },
);

const push = fc.record({
  dt: fc.oneof(fc.constant(10_000), fc.integer({ min: 0, max: 70_000 })),
  samples: fc.array(fc.record({ signal: fc.constantFrom(...SIGNALS), available: value, capacity: value }), { maxLength: 6 }),
  counters: fc.array(
    fc.record({ name: fc.constantFrom(...COUNTERS), value: fc.oneof(fc.integer({ min: 0, max: 2 ** 50 }), fc.constant(NaN)) }),
    { maxLength: 3 },
  ),
});

/** Deep equality with Object.is for numbers, so −0 against 0 or a lost bit fails. */
function same(a: unknown, b: unknown): boolean {
  if (typeof a === "number" || typeof b === "number") return Object.is(a, b);
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return a === b;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k, i) => k === kb[i] && same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

describe("NodeHistory with 4-byte columns", () => {
  it("reads back exactly what the float64 history did, for any samples", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 16 }),
        fc.array(push, { maxLength: 60 }),
        fc.integer({ min: 1, max: 50 }),
        (maxSamples, initial, pushes, slots) => {
          const h = new NodeHistory(maxSamples, initial);
          const ref = new ReferenceNodeHistory(maxSamples, initial);
          let t = 1_700_000_000_000;
          for (const p of pushes) {
            t += p.dt;
            h.push(t, p.samples, p.counters);
            ref.push(t, p.samples, p.counters);
            expect(h.size).toBe(ref.size);
          }
          expect(h.hasCounters).toBe(ref.hasCounters);
          for (const [got, want] of [
            [h.series(10), ref.series(10)],
            [h.series(10, slots), ref.series(10, slots)],
            [h.series(60), ref.series(60)],
            [h.counterSeries(10), ref.counterSeries(10)],
          ])
            if (!same(got, want)) expect(got).toEqual(want); // toEqual prints the difference
        },
      ),
      { numRuns: Math.min(RUNS, 2_000) },
    );
  });

  it("holds a real node's columns in 4 bytes a sample and moves only a column that cannot be", () => {
    const h = new NodeHistory(360);
    const mem = 7_299_776_512; // nri-minikube-1.35's memory.availableBytes
    const inodes = 59_206_606;
    for (let i = 0; i < 360; i++)
      h.push(i * 10_000, [
        { signal: "memory.available", available: mem - i * 4096, capacity: 2 * mem },
        { signal: "nodefs.inodesFree", available: inodes - i, capacity: 2 * inodes },
      ]);
    expect(h.bytes()).toBe(2 * 8 + 360 * 8 + 2 * 360 * 4);
    h.push(3_600_000, [{ signal: "memory.available", available: 1.5, capacity: 2 * mem }]);
    expect(h.bytes()).toBe(2 * 8 + 360 * 8 * 2 + 360 * 4); // memory now in 8 bytes, inodes still in 4
    expect(h.series(10).signals["memory.available"]!.available.slice(-2)).toEqual([mem - 359 * 4096, 1.5]);
  });
});

describe("history-columns", () => {
  it("fits whole KiB and whole units below 2^32 of the unit, and nothing else", () => {
    expect([0, 1024, 1024 * (2 ** 32 - 2)].map((v) => fits(v, 1024))).toEqual([true, true, true]);
    expect([1000, 1024 * (2 ** 32 - 1), -1024, -0, Infinity].map((v) => fits(v, 1024))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect([7, 2 ** 32 - 2, 0.5, 2 ** 32 - 1].map((v) => fits(v, 1))).toEqual([true, true, false, false]);
    expect(fits(NaN, 1) && fits(-0.5, FLOAT)).toBe(true);
  });

  it("picks KiB, then units, then float64", () => {
    expect([scaleFor([4096, 0]), scaleFor([4096, 7]), scaleFor([2 ** 40, 7]), scaleFor([])]).toEqual([1024, 1, FLOAT, 1024]);
  });
});
