import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { columnsFor } from "./node-columns";

// The table's width in rem: 16 px each at the default font size.
const fitsIn = (cols: { minRem: number }[]) => cols.reduce((s, c) => s + c.minRem + 0.5, 3.75);

describe("columnsFor", () => {
  it("at 1440 and 1024 px the row holds only what fits; node and next eviction always", () => {
    for (const px of [1248, 992]) {
      const { row } = columnsFor(px / 16);
      expect(fitsIn(row)).toBeLessThanOrEqual(px / 16);
      expect(row.map((c) => c.key)).toEqual(expect.arrayContaining(["node", "eviction", "conditions", "memory", "disk", "pid"]));
    }
  });
  it("on a phone: node, worst margin and next eviction", () => {
    expect(columnsFor(22).row.map((c) => c.key)).toEqual(["node", "worst", "eviction"]);
  });
  it("at any width every column is in the row or its detail, once, and the row fits", () => {
    fc.assert(
      fc.property(fc.double({ min: 40, max: 200, noNaN: true }), (rem) => {
        const { row, detail } = columnsFor(rem);
        const keys = [...row, ...detail].map((c) => c.key).filter((k) => k !== "worst");
        expect(new Set(keys).size).toBe(keys.length);
        expect(keys).toHaveLength(14); // every column but the phone-only worst margin
        expect(fitsIn(row)).toBeLessThanOrEqual(rem);
        // without all three margin columns, the worst margin stands in for them
        const margins = row.filter((c) => ["memory", "disk", "pid"].includes(c.key)).length;
        expect(row.some((c) => c.key === "worst")).toBe(margins < 3);
      }),
    );
  });
});
