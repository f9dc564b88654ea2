import { describe, expect, it } from "vitest";

import { byBool, orderedBy, sortedBy } from "./compare";

describe("byBool", () => {
  it.each([
    ["true before false", true, false, -1],
    ["false after true", false, true, 1],
    ["equal true", true, true, 0],
    ["equal false", false, false, 0],
  ])("%s", (_name, a, b, want) => {
    expect(byBool(a, b)).toBe(want);
  });
});

describe("orderedBy", () => {
  type P = { x: number; y: number };
  const byX = (a: P, b: P) => a.x - b.x;
  const byY = (a: P, b: P) => b.y - a.y;
  it("uses the second comparator only on a tie of the first", () => {
    const items = [
      { x: 1, y: 1, id: "a" },
      { x: 0, y: 0, id: "b" },
      { x: 1, y: 5, id: "c" },
    ];
    expect(sortedBy(items, orderedBy(byX, byY)).map((i) => i.id)).toEqual(["b", "c", "a"]);
  });
  it("keeps input order on a full tie (stable)", () => {
    const items = [
      { x: 1, y: 1, id: "a" },
      { x: 1, y: 1, id: "b" },
    ];
    expect(sortedBy(items, orderedBy(byX, byY)).map((i) => i.id)).toEqual(["a", "b"]);
  });
  it("does not sort the caller's array", () => {
    const items: P[] = [
      { x: 2, y: 0 },
      { x: 1, y: 0 },
    ];
    sortedBy(items, orderedBy(byX));
    expect(items[0]?.x).toBe(2);
  });
});
