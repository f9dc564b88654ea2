import { describe, expect, it } from "vitest";

import { cpuSecondsFromStat, mainThreadCpuSeconds } from "./thread-cpu";

describe("cpuSecondsFromStat", () => {
  it("reads utime and stime past a command name with spaces and parentheses", () => {
    const line = "4242 (node (main) x) R 1 4242 4242 0 -1 4194304 100 0 0 0 1234 56 0 0 20 0 11 0 999 1000 200";
    expect(cpuSecondsFromStat(line)).toBe(12.9);
  });

  it("names a line it cannot read", () => {
    expect(() => cpuSecondsFromStat("garbage")).toThrow(/not a \/proc stat line/);
  });

  it("counts this thread's own work", () => {
    const before = mainThreadCpuSeconds();
    if (before === null) return expect(process.platform).not.toBe("linux");
    // busy until the thread has 0.1 s more (a loaded machine gives it less than the wall clock)
    const until = Date.now() + 10_000;
    let x = 0;
    while (Date.now() < until && mainThreadCpuSeconds()! - before < 0.1) for (let i = 0; i < 1e5; i++) x += Math.sqrt(i);
    expect(x).toBeGreaterThan(0);
    expect(mainThreadCpuSeconds()! - before).toBeGreaterThanOrEqual(0.1);
  });
});
