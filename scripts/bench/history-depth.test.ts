import { describe, expect, it } from "vitest";

import { TREND_WINDOW_SAMPLES } from "../../lib/forecast/trend";
import { historyDepth, historyDepthText } from "./history-depth";

describe("historyDepth", () => {
  it("is the deepest ring, and 0 for no node", () => {
    expect(historyDepth([])).toBe(0);
    expect(historyDepth([3, 13, 10].map((size) => ({ history: { size } })))).toBe(13);
  });

  it("takes 100 000 nodes, which a spread into Math.max would not", () => {
    const states = Array.from({ length: 200_000 }, (_, i) => ({ history: { size: i % 360 } }));
    expect(historyDepth(states)).toBe(359);
  });

  it("prints the trend window the fits read", () => {
    expect(historyDepthText(4)).toBe(`4 history samples a node (the trend fits read up to ${TREND_WINDOW_SAMPLES})`);
  });
});
