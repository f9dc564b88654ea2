import { describe, expect, it } from "vitest";

import { formatClock, formatIsoTime, formatTime } from "./times";

// Built from local parts, so the test holds in whatever zone it runs.
const at = (y: number, mo: number, d: number, h: number, mi: number, s: number) => new Date(y, mo, d, h, mi, s).getTime();

describe("formatTime", () => {
  const now = at(2026, 10, 24, 15, 0, 0);
  it("prints the clock alone today, on a 24-hour clock", () => {
    expect(formatTime(at(2026, 10, 24, 13, 18, 44), { now })).toBe(formatClock(at(2026, 10, 24, 13, 18, 44)));
    expect(formatTime(at(2026, 10, 24, 13, 18, 44), { now })).toMatch(/^13.18.44$/);
    expect(formatTime(at(2026, 10, 24, 0, 5, 0), { now })).toMatch(/^00.05.00$/);
  });
  it("adds the date on another day, and the year in another year", () => {
    const yesterday = formatTime(at(2026, 10, 23, 13, 18, 44), { now });
    expect(yesterday).toContain("23");
    expect(yesterday).toContain("13:18:44");
    expect(yesterday).not.toContain("2026");
    expect(formatTime(at(2025, 10, 23, 13, 18, 44), { now })).toContain("2025");
  });
  it("drops seconds on request and never throws on a bad time", () => {
    expect(formatTime(at(2026, 10, 24, 13, 18, 44), { now, seconds: false })).toMatch(/^13.18$/);
    expect(formatTime(NaN, { now })).toBe("–");
    expect(formatIsoTime(null)).toBe("–");
    expect(formatIsoTime("not a time")).toBe("–");
  });
});
