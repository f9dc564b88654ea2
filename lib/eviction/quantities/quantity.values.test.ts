// Value()/MilliValue() ports and the engine's bytes/millicores readers. See quantity.test.ts
// for which apimachinery tests are ported where.
import { describe, expect, it } from "vitest";

import { parseBytes, parseMillis, parseQuantity, QuantityError, quantityMilliValue, quantityValue } from "./quantity";

describe("quantityValue / quantityMilliValue round away from zero", () => {
  // TestQuantityRoundUp, the rows at scale 0 (Value) and -3 (MilliValue).
  it.each([
    ["9.01", 10n, 9010n],
    ["-9.01", -10n, -9010n],
  ])("%s (TestQuantityRoundUp)", (input, value, milli) => {
    expect(quantityValue(parseQuantity(input))).toBe(value);
    expect(quantityMilliValue(parseQuantity(input))).toBe(milli);
  });

  // TestScaledValue: NewScaledQuantity(1, from).ScaledValue(to) for to in {0, Milli}.
  it.each([
    ["1n", 1n, 1n],
    ["1u", 1n, 1n],
    ["1m", 1n, 1n],
    ["1", 1n, 1000n],
  ])("%s (TestScaledValue)", (input, value, milli) => {
    expect(quantityValue(parseQuantity(input))).toBe(value);
    expect(quantityMilliValue(parseQuantity(input))).toBe(milli);
  });

  // ExampleMustParse
  it.each([
    ["5Gi", 5368709120n, "BinarySI"],
    ["5G", 5000000000n, "DecimalSI"],
  ])("%s Value() is %d (ExampleMustParse)", (input, value, format) => {
    expect(quantityValue(parseQuantity(input))).toBe(value);
    expect(parseQuantity(input).format).toBe(format);
  });
  it.each([
    ["5300m", 5300n],
    ["5.4", 5400n],
  ])("%s MilliValue() is %d (ExampleMustParse)", (input, milli) => {
    expect(quantityMilliValue(parseQuantity(input))).toBe(milli);
  });

  it.each([
    ["1n", 1n, 1n],
    ["1.5", 2n, 1500n],
    ["-1.5", -2n, -1500n],
    ["0.1m", 1n, 1n], // 100u: milli rounds up to 1
    [".1Ki", 103n, 102400n], // kubernetes#110654: 102.4 -> 103
    ["-.1Ki", -103n, -102400n], // ... and -102.4 -> -103 (was -101 before #138510)
    ["-.484785E-7466", -1n, -1n], // kubernetes#110653: tiny negatives -> -1 (was +1)
    ["-9.5000000001Gi", -10200547329n, -10200547328108n],
    ["1.1Ki", 1127n, 1126400n], // TestStringQuantityAsApproximateFloat64: 1126.4
    ["0", 0n, 0n],
  ])("%s -> Value %d, MilliValue %d", (input, value, milli) => {
    expect(quantityValue(parseQuantity(input))).toBe(value);
    expect(quantityMilliValue(parseQuantity(input))).toBe(milli);
  });

  it("returns exact values past int64 where Go saturates or overflows (deviation 2)", () => {
    expect(quantityValue(parseQuantity("1e100"))).toBe(10n ** 100n);
    expect(quantityValue(parseQuantity("10E"))).toBe(10n ** 19n); // Go: 9223372036854775807
    expect(quantityMilliValue(parseQuantity("9223372036854775807"))).toBe(9223372036854775807000n);
  });

  it("rejects a hand-built quantity with a non-positive denominator", () => {
    expect(() => quantityValue({ num: 1n, den: 0n, format: "DecimalSI" })).toThrow(QuantityError);
  });
});

describe("sub-nano parsing (TestParseQuantitySubNanoRoundsUp)", () => {
  // Magnitudes below 1n round away from zero to 1n, at any exponent, without building 10^scale.
  it.each([
    ["1e-2147483647", "1n"],
    ["-1e-2147483647", "-1n"],
    ["1e-100", "1n"],
    ["-1e-100", "-1n"],
    ["1e-10", "1n"],
    ["9e-10", "1n"],
    ["-9e-10", "-1n"],
    ["1e-9", "1n"],
    ["-1e-9", "-1n"],
    ["2e-9", "2n"],
    ["15e-10", "2n"],
    ["1000000000000000000000e-30", "1n"],
    ["1000000000000000000001e-30", "2n"],
    ["999999999999999999999e-30", "1n"],
    ["0e-2147483647", "0"],
    ["0.0e-100", "0"],
    ["0.00000000000000000000001Ki", "1n"],
  ])("%s equals %s", (input, want) => {
    const got = parseQuantity(input);
    const expected = parseQuantity(want);
    expect(got.num * expected.den).toBe(expected.num * got.den);
  });

  it("a BinarySI value below one switches to DecimalSI", () => {
    expect(parseQuantity("0.00000000000000000000001Ki").format).toBe("DecimalSI");
  });
});

describe("parseBytes", () => {
  it.each([
    ["100Mi", 104857600],
    ["1Gi", 1073741824],
    ["500M", 500000000],
    ["1e3", 1000],
    ["1.5", 2], // Value() rounds up
    ["1n", 1],
    ["9Ei", 2 ** 63], // BinarySI caps at 2^63-1, which rounds to 2^63 as a JS number
  ])("%s -> %d", (input, want) => {
    expect(parseBytes(input)).toBe(want);
  });

  it("passes finite numbers through unchanged", () => {
    expect(parseBytes(1048576)).toBe(1048576);
    expect(parseBytes(1.5)).toBe(1.5);
    expect(parseBytes(-1)).toBe(-1);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, "", "100 Mi", "100MB", "12Qi"])("rejects %j", (input) => {
    expect(() => parseBytes(input)).toThrow(QuantityError);
  });
});

describe("parseMillis", () => {
  it.each([
    ["100m", 100],
    ["2", 2000],
    ["1.5", 1500],
    ["250m", 250],
    ["0.1m", 1], // MilliValue rounds up
    ["1n", 1],
    ["5.4", 5400],
    ["1k", 1000000],
  ])("%s -> %d", (input, want) => {
    expect(parseMillis(input)).toBe(want);
  });

  it.each([
    [0.5, 500],
    [2, 2000],
    [0.29, 290], // exact decimal, not 0.29 * 1000 in floating point
    [0.0005, 1], // half a millicore rounds up, as MilliValue would
    [1e-7, 1],
    [0, 0],
  ])("number %d cores -> %d", (input, want) => {
    expect(parseMillis(input)).toBe(want);
  });

  it.each([Number.NaN, Number.NEGATIVE_INFINITY, "", "100 m", "1 core"])("rejects %j", (input) => {
    expect(() => parseMillis(input)).toThrow(QuantityError);
  });
});
