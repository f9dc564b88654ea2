import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { rfc3339 } from "./clock";

const plain = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(".000Z", "Z");

describe("rfc3339", () => {
  it("formats as Date does, whatever was formatted before in the same slot", () => {
    // seconds 4 096 apart share a slot; the same second again must not be mistaken for another
    const base = Date.UTC(2026, 10, 27, 12);
    for (const ms of [base, base + 4_096_000, base, base + 999, base - 1, -1, 0, 8.64e15]) expect(rfc3339(ms)).toBe(plain(ms));
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -8.64e15, max: 8.64e15 }), { maxLength: 50 }), (times) => {
        for (const ms of times) expect(rfc3339(ms)).toBe(plain(ms));
      }),
    );
    expect(() => rfc3339(NaN)).toThrow(RangeError);
  });
});
