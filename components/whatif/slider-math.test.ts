import { describe, expect, it } from "vitest";

import { keyStep, numberToText, reservedScale, snap, textToNumber, thresholdScale, thresholdText, thumbFor } from "./slider-math";

const MI = 1024 ** 2;
const GI = 1024 ** 3;
const mem = reservedScale("memory", 8 * GI); // 0 … 4Gi by 64Mi

describe("text ↔ number", () => {
  it.each([
    ["1Gi", "bytes", GI],
    ["500Mi", "bytes", 500 * MI],
    [" 2Gi ", "bytes", 2 * GI],
    ["250m", "millicores", 250],
    ["1", "millicores", 1000],
    ["1000", "count", 1000],
    ["10%", "bytes", 0.8 * GI],
  ] as const)("reads %s as %d", (text, unit, n) => {
    expect(textToNumber(text, unit, 8 * GI)).toBe(n);
  });
  it.each(["", "lots", "1Gb", "10%%"])("gives null for %j", (t) => expect(textToNumber(t, "bytes", GI)).toBeNull());
  it("gives null for a percentage without a capacity to resolve it", () => expect(textToNumber("10%", "bytes")).toBeNull());
  it.each([
    [GI, "bytes", "1Gi"],
    [448 * MI, "bytes", "448Mi"],
    [0, "bytes", "0"],
    [1536, "bytes", "2Ki"],
    [250, "millicores", "250m"],
    [4000, "count", "4000"],
  ] as const)("writes %d as %s, which reads back as the same number on the grid", (n, unit, text) => {
    expect(numberToText(n, unit)).toBe(text);
  });
  it("round-trips every grid point of a memory slider exactly", () => {
    for (let v = mem.min; v <= mem.max; v += mem.step) expect(textToNumber(numberToText(v, "bytes"), "bytes")).toBe(v);
  });
});

describe("thumbFor", () => {
  it("follows the what-if value, not the live one (the snap-back of issue 12)", () => {
    expect(thumbFor("1984Mi", 442 * MI, mem)).toEqual({ value: 1984 * MI, max: mem.max });
  });
  it("shows the live value when there is no what-if or it does not parse", () => {
    expect(thumbFor(undefined, 442 * MI, mem).value).toBe(442 * MI);
    expect(thumbFor("lots", 442 * MI, mem).value).toBe(442 * MI);
  });
  it("grows the range to hold a typed value beyond it", () => {
    expect(thumbFor("6Gi", 0, mem)).toEqual({ value: 6 * GI, max: 6 * GI });
  });
  it("resolves a percentage against the signal's capacity", () => {
    expect(thumbFor("25%", 0, thresholdScale("memory.available", 8 * GI), 8 * GI).value).toBe(2 * GI);
  });
});

describe("keyStep", () => {
  it("moves one step per arrow press, every press (not only the first)", () => {
    let v = 442 * MI; // off the 64Mi grid, as live values often are
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) seen.push((v = keyStep("ArrowRight", v, mem)!));
    expect(seen).toEqual([448, 512, 576, 640, 704].map((m) => m * MI));
    expect(keyStep("ArrowLeft", 442 * MI, mem)).toBe(384 * MI);
    expect(keyStep("ArrowUp", 0, mem)).toBe(64 * MI);
    expect(keyStep("ArrowDown", 64 * MI, mem)).toBe(0);
  });
  it("moves ten steps with PageUp/PageDown and to the ends with Home/End, within the range", () => {
    expect(keyStep("PageUp", 0, mem)).toBe(640 * MI);
    expect(keyStep("PageDown", 640 * MI, mem)).toBe(0);
    expect(keyStep("PageDown", 64 * MI, mem)).toBe(0);
    expect(keyStep("Home", GI, mem)).toBe(0);
    expect(keyStep("End", 0, mem)).toBe(mem.max);
    expect(keyStep("ArrowRight", mem.max, mem)).toBe(mem.max);
  });
  it("ignores other keys", () => expect(keyStep("a", 0, mem)).toBeNull());
});

describe("snap and scales", () => {
  it("rounds a pointer position to the grid within the range", () => {
    expect(snap(100 * MI, mem)).toBe(128 * MI);
    expect(snap(-5, mem)).toBe(0);
    expect(snap(100 * GI, mem)).toBe(mem.max);
  });
  it("gives each resource a range from its capacity", () => {
    expect(mem).toEqual({ unit: "bytes", min: 0, max: 4 * GI, step: 64 * MI });
    expect(reservedScale("cpu", 4000)).toEqual({ unit: "millicores", min: 0, max: 2000, step: 10 });
    expect(thresholdScale("pid.available", 32768).unit).toBe("count");
    expect(thresholdScale("nodefs.available", 100 * GI)).toEqual({ unit: "bytes", min: GI, max: 50 * GI, step: GI });
  });
});

describe("live values as config text", () => {
  it.each([
    [{ percentage: 0.10000000149011612 }, "bytes", "10%"],
    [{ percentage: 0.075 }, "bytes", "7.5%"],
    [{ quantity: 100 * MI }, "bytes", "100Mi"],
    [{ quantity: 1000 }, "count", "1000"],
  ] as const)("writes %j as %s", (v, unit, text) => expect(thresholdText(v, unit)).toBe(text));
});
