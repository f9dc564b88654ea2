import { describe, expect, it } from "vitest";

import { formatCount, formatCountOf } from "./counts";
import { formatResource, formatSignal, formatStall } from "./quantities";

describe("quantities and counts", () => {
  it("prints cpu in millicores at any size, so the CLI and the UI agree", () => {
    expect(formatResource("cpu", 4000)).toBe("4000m");
    expect(formatResource("cpu", 14000)).toBe("14000m");
    expect(formatResource("cpu", 250.4)).toBe("250m");
  });
  it("prints bytes with binary suffixes", () => {
    expect(formatResource("memory", 1.5 * 1024 ** 3)).toBe("1.5Gi");
    expect(formatSignal("memory.available", -300 * 1024 ** 2)).toBe("-300Mi");
  });
  it("names what a count counts", () => {
    expect(formatSignal("nodefs.inodesFree", 14)).toBe("14 inodes");
    expect(formatSignal("pid.available", 1)).toBe("1 pid");
    expect(formatSignal("pid.available", 4194304)).toBe("4,194,304 pids");
    expect(formatCountOf(3, "pod")).toBe("3 pods");
    expect(formatCount(-1234.6)).toBe("-1,235");
    expect(formatResource("pods", 110)).toBe("110");
  });
});

describe("formatStall", () => {
  it("prints a PSI share with two decimals as the node page, the fleet, /analyze and the CLI all show it", () => {
    expect(formatStall(75.83)).toBe("75.83%");
    expect(formatStall(0)).toBe("0.00%");
    expect(formatStall(null)).toBe("–");
    expect(formatStall(undefined)).toBe("–");
  });
});
