import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { parseGoDuration } from "@/lib/eviction";

import { formatAge, formatDuration, goDurationString } from "./durations";

const ns = 1n;
const us = 1000n * ns;
const msec = 1000n * us;
const sec = 1000n * msec;
const min = 60n * sec;
const hour = 60n * min;

describe("goDurationString: Go's time.Duration String", () => {
  // durationTests of go/src/time/time_test.go, verbatim
  it.each([
    ["0s", 0n],
    ["1ns", 1n * ns],
    ["1.1µs", 1100n * ns],
    ["2.2ms", 2200n * us],
    ["3.3s", 3300n * msec],
    ["4m5s", 4n * min + 5n * sec],
    ["4m5.001s", 4n * min + 5001n * msec],
    ["5h6m7.001s", 5n * hour + 6n * min + 7001n * msec],
    ["8m0.000000001s", 8n * min + 1n * ns],
    ["2562047h47m16.854775807s", (1n << 63n) - 1n],
    ["-2562047h47m16.854775808s", -(1n << 63n)],
  ])("writes %s", (text, d) => expect(goDurationString(d)).toBe(text));
});

describe("formatDuration: seconds as a kubelet setting", () => {
  it.each([
    [90, "1m30s"],
    [120, "2m0s"],
    [0, "0s"],
    [30, "30s"],
    [3600, "1h0m0s"],
    [5400, "1h30m0s"],
    [0.5, "500ms"],
  ])("writes %d s as %s", (s, text) => expect(formatDuration(s)).toBe(text));

  it("writes what the kubelet's duration parser reads back", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 * 86400 }), (s) => {
        expect(parseGoDuration(formatDuration(s))).toBe(s);
      }),
    );
  });
});

describe("formatAge: kubectl's rounding", () => {
  it.each([
    [45, "45s"],
    [119, "119s"],
    [180, "3m"],
    [7200, "2h"],
    [4 * 86400, "4d"],
    [null, "–"],
  ])("writes %s as %s", (s, text) => expect(formatAge(s)).toBe(text));
});
