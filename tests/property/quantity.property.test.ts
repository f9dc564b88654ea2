import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { parseBytes, parseMillis, parseQuantity, QuantityError } from "@/lib/eviction";

import { nastyString, RUNS } from "./arbitraries";

describe("quantity strings", () => {
  it("parse or fail with a QuantityError that quotes the input", () => {
    fc.assert(
      fc.property(nastyString, (s) => {
        try {
          const q = parseQuantity(s);
          expect(q.den > 0n).toBe(true);
          expect(Number.isNaN(parseBytes(s))).toBe(false);
          expect(Number.isNaN(parseMillis(s))).toBe(false);
        } catch (e) {
          expect(e).toBeInstanceOf(QuantityError);
          expect((e as Error).message).toContain(JSON.stringify(s).slice(1, 20).replace(/\\.*/, ""));
        }
      }),
      { numRuns: RUNS },
    );
  });
});
