import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { compareNatural, naturalKey } from "./natural-order";

// The order the fleet table promises: the collator, ties by code point (what filters.ts used
// before the keys; the keys must never disagree with it).
const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });
const reference = (a: string, b: string) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

// Names built from the pieces that decide the order: digit runs (with leading zeros, long ones),
// "-" and ".", and letters, so that random pairs often share a prefix.
const piece = fc.oneof(
  fc.constantFrom("-", ".", "a", "b", "z", "node", "fleet", "ip-10-0"),
  fc.stringMatching(/^0{0,3}[0-9]{1,4}$/),
  fc.stringMatching(/^[1-9][0-9]{14,40}$/),
);
const dnsName = fc.array(piece, { maxLength: 8 }).map((p) => p.join(""));
const anyName = fc.oneof(dnsName, fc.string(), fc.stringMatching(/^[A-Za-z0-9_.-]{0,12}$/));

describe("natural name order", () => {
  it("keys a DNS name, and nothing else", () => {
    expect(naturalKey("fleet-10")).not.toBeNull();
    expect(naturalKey("")).toBe("");
    for (const other of ["Fleet-3", "pool_a", "é", "a b"]) expect(naturalKey(other)).toBeNull();
  });

  it("orders as the collator does, ties by code point", () => {
    const names = ["fleet-100", "fleet-10", "fleet-2", "fleet-01", "fleet-1", "fleet-0", "fleet.1", "fleet-", "fleet", "fleet1"];
    expect(names.toSorted((a, b) => compareNatural(a, b))).toEqual(names.toSorted(reference));
    expect(names.toSorted((a, b) => compareNatural(a, b))).toEqual([
      "fleet",
      "fleet-",
      "fleet-0",
      "fleet-01",
      "fleet-1",
      "fleet-2",
      "fleet-10",
      "fleet-100",
      "fleet.1",
      "fleet1",
    ]);
  });

  it("agrees with the collator on random DNS names", () => {
    fc.assert(
      fc.property(dnsName, dnsName, (a, b) => {
        expect(Math.sign(compareNatural(a, b))).toBe(Math.sign(reference(a, b)));
      }),
      { numRuns: 10_000 },
    );
  });

  it("agrees with the collator on any names, keyed or not, in any mix", () => {
    fc.assert(
      fc.property(anyName, anyName, (a, b) => {
        expect(Math.sign(compareNatural(a, b))).toBe(Math.sign(reference(a, b)));
      }),
      { numRuns: 5_000 },
    );
  });

  it("sorts lists exactly as the collator does", () => {
    fc.assert(
      fc.property(fc.array(anyName, { maxLength: 60 }), (names) => {
        expect(names.toSorted((a, b) => compareNatural(a, b))).toEqual(names.toSorted(reference));
      }),
      { numRuns: 1_000 },
    );
  });
});
