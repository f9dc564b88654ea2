import { describe, expect, it } from "vitest";

import { splitShellWords } from "../config/shell-words";
import { cpusetSize, parseFloat32, parseGoDuration } from "./go-parse";

describe("parseGoDuration (time.ParseDuration)", () => {
  it.each([
    ["30s", 30],
    ["1m30s", 90],
    ["5m0s", 300],
    ["0", 0],
    ["0s", 0],
    ["-30s", -30],
    ["+2h", 7200],
    ["1.5h", 5400],
    [".5s", 0.5],
    ["1.s", 1],
    ["100ms", 0.1],
    ["1h2m3s4ms5us6ns", 3723.004005006],
    ["1\u00b5s", 0.000001],
  ])("%s → %s s", (s, want) => expect(parseGoDuration(s)).toBeCloseTo(want, 9));

  it.each([
    ["", 'time: invalid duration ""'],
    ["30", 'time: missing unit in duration "30"'],
    ["1d", 'time: unknown unit "d" in duration "1d"'],
    ["1constructor", 'time: unknown unit "constructor" in duration "1constructor"'],
    [".s", 'time: invalid duration ".s"'],
    ["s", 'time: invalid duration "s"'],
    ["1 s", 'time: unknown unit " s" in duration "1 s"'],
    ["9999999999h", 'time: invalid duration "9999999999h"'],
  ])("%j is rejected", (s, msg) => expect(() => parseGoDuration(s)).toThrow(msg));
});

describe("parseFloat32 (strconv.ParseFloat(s, 32))", () => {
  it.each([
    ["10", 10],
    ["10.5", 10.5],
    ["0.1", Math.fround(0.1)],
    ["1e1", 10],
    [".5", 0.5],
    ["+5", 5],
    ["Inf", Infinity],
    ["-infinity", -Infinity],
  ])("%s → %s", (s, want) => expect(parseFloat32(s)).toBe(want));

  it("NaN parses (callers decide)", () => expect(parseFloat32("NaN")).toBeNaN());
  it.each(["", " 10", "10 ", "1_0", "abc", "0x10", "1e39"])("%j is rejected", (s) => {
    expect(() => parseFloat32(s)).toThrow(/strconv.ParseFloat/);
  });
});

describe("cpusetSize (cpuset.Parse(...).Size())", () => {
  it.each([
    ["0", 1],
    ["0-3", 4],
    ["0-3,8", 5],
    ["0,0,1", 2],
    ["", 0],
    ["2-5,0-3,4", 6],
    ["0-4000000000", 4000000001],
    ["9223372036854775807", 1],
  ])("%j → %s", (s, n) => expect(cpusetSize(s)).toBe(n));
  it("counts a huge range without walking it (issue 29's fuzz hung here)", () => {
    const t = performance.now();
    expect(cpusetSize("0-9223372036854775806")).toBe(2 ** 63 - 1);
    expect(performance.now() - t).toBeLessThan(1000);
  });
  it.each(["a", "3-1", "1-", "9".repeat(400), "0-9223372036854775808"])("%j is rejected", (s) =>
    expect(() => cpusetSize(s)).toThrow(/invalid cpuset/),
  );
});

describe("splitShellWords", () => {
  it.each([
    ["--a=1 --b 2", ["--a=1", "--b", "2"]],
    [`--a="x y" --b 'z w'`, ["--a=x y", "--b", "z w"]],
    ['KUBELET_FLAGS="--a --b"', ["KUBELET_FLAGS=--a --b"]],
    ["--a \\\n  --b", ["--a", "--b"]],
    ["# comment --x\n--y", ["--y"]],
    ["--a=x#y", ["--a=x#y"]],
    ['--a="q\\"uote"', ['--a=q"uote']],
    ["  \n ", []],
  ])("%j", (text, words) => expect(splitShellWords(text)).toEqual(words));
});
