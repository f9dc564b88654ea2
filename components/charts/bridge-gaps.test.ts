import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { bridgeJitterGaps } from "./bridge-gaps";

describe("bridgeJitterGaps", () => {
  it("drops a one-slot hole between two samples, keeps longer gaps and the edges", () => {
    expect(bridgeJitterGaps([1, null, 3, null, null, 6, null]).map((p) => p.index)).toEqual([0, 2, 3, 4, 5, 6]);
  });
  it("never drops a sample, never invents one, keeps the order", () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer(), { nil: null })), (samples) => {
        const out = bridgeJitterGaps(samples);
        const observed = samples.flatMap((v, i) => (v === null ? [] : [{ index: i, value: v }]));
        expect(out.filter((p) => p.value !== null)).toEqual(observed);
        for (const p of out) expect(samples[p.index]).toBe(p.value);
        expect(out.map((p) => p.index)).toEqual([...out.map((p) => p.index)].sort((a, b) => a - b));
        // what stays a gap: no null kept between two samples one slot apart
        for (const p of out)
          if (p.value === null) expect(samples[p.index - 1] != null && samples[p.index + 1] != null).toBe(false);
      }),
    );
  });
});
