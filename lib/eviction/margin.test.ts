import { describe, expect, it } from "vitest";

import { marginFraction } from "./margin";

describe("marginFraction", () => {
  it("divides the margin by the capacity", () => {
    expect(marginFraction(1, 4)).toBe(0.25);
    expect(marginFraction(-2, 8)).toBe(-0.25);
  });
  it("has no fraction without a capacity, never Infinity or NaN", () => {
    expect(marginFraction(5, 0)).toBeNull();
    expect(marginFraction(-5, 0)).toBeNull();
    expect(marginFraction(0, -1)).toBeNull();
  });
});
