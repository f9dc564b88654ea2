import { describe, expect, it } from "vitest";

import { stallPercent } from "./psi-rates";

describe("stallPercent", () => {
  it("turns counter growth into the stalled share of each window", () => {
    // 10 s samples: 2 s, then 5 s, then 0 s of stall per interval
    const totals = [0, 2e6, 7e6, 7e6, 7e6, 7e6, 9e6];
    expect(stallPercent(totals, 10, 10)).toEqual([null, 20, 50, 0, 0, 0, 20]);
    expect(stallPercent(totals, 10, 60)).toEqual([null, null, null, null, null, null, 15]);
  });

  it("leaves gaps and counter resets empty, never negative", () => {
    expect(stallPercent([1e6, null, 3e6, 1e6, 2e6], 10, 10)).toEqual([null, null, null, null, 10]);
  });
});
