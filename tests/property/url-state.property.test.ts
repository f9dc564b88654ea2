import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { DEFAULT_STATE, parseUrlState, serializeUrlState } from "@/lib/client/url-state";

import { nastyString, RUNS } from "./arbitraries";

/** JSON with sorted keys (map order is not state) and -0 written as 0. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x) =>
    x && typeof x === "object" && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1)))
      : x,
  );

const KEYS = [
  "q",
  "sort",
  "desc",
  "filter",
  "pool",
  "margin",
  "signal",
  "scope",
  "embed",
  "theme",
  "at",
  "kr.memory",
  "kr.cpu",
  "sr.pid",
  "eh.memory.available",
  "es.nodefs.available",
  "gp.memory.available",
  "mr.imagefs.available",
  "scale.memory",
  "eh.bogus",
  "kr.",
  "x",
];

describe("parseUrlState on hostile links", () => {
  it("never throws, drops what is bad and names each dropped parameter", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 12 })),
            fc.oneof(nastyString, fc.string({ maxLength: 3000 })),
          ),
          { maxLength: 8 },
        ),
        (pairs) => {
          const params = new URLSearchParams(pairs);
          const { state, invalid } = parseUrlState(params);
          const given = new Set(pairs.map(([k]) => k));
          for (const i of invalid) {
            expect(given.has(i.param)).toBe(true);
            expect(i.reason.length).toBeGreaterThan(0);
          }
          expect(Object.keys(state).sort()).toEqual(Object.keys(DEFAULT_STATE).sort());
          // what survives round-trips: serialize → parse gives the same state (up to -0 = 0) and no complaints
          const again = parseUrlState(serializeUrlState(state));
          expect(again.invalid).toEqual([]);
          expect(canonical(again.state)).toBe(canonical(state));
        },
      ),
      { numRuns: RUNS },
    );
  });
});
