import { describe, expect, it } from "vitest";

import { formatGcTally, startGcTally } from "./gc-tally";

describe("startGcTally", () => {
  it("counts the scavenges that allocation causes", async () => {
    const stop = startGcTally();
    const keep: number[][] = [];
    // ~200 MB of short-lived arrays: far more than the young generation holds
    for (let i = 0; i < 200_000; i++) {
      keep.push(new Array(100).fill(i));
      if (keep.length > 10) keep.shift();
    }
    // gc entries are delivered asynchronously
    await new Promise((r) => setTimeout(r, 50));
    const t = stop();
    expect(keep.length).toBe(10);
    expect(t.scavenges).toBeGreaterThan(2);
    expect(t.scavengeMs).toBeGreaterThan(0);
  });

  it("says it in one line", () => {
    expect(formatGcTally({ scavenges: 412, scavengeMs: 1830, fullCollections: 3, fullMs: 210 })).toBe(
      "412 scavenges (1.83 s), 3 full collections (0.21 s)",
    );
  });
});
