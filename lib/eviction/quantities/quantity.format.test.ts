// Quantity.String() ports (TestQuantityString, TestQuantityParseEmit, TestNewSet,
// TestMilliNewSet, TestNewScaledSet, ExampleFormat) and the UI formatter.
import { describe, expect, it } from "vitest";

import {
  formatBytesHuman,
  formatMilli,
  formatQuantity,
  parsedQuantityString,
  parseQuantity,
  quantityString,
  quantityValue,
  type Quantity,
  type QuantityFormat,
} from "./quantity";
import { reduced } from "./quantity-parse";

function dec(i: bigint | number, exponent: number, format: QuantityFormat): Quantity {
  const n = BigInt(i);
  return exponent >= 0 ? reduced(n * 10n ** BigInt(exponent), 1n, format) : reduced(n, 10n ** BigInt(-exponent), format);
}

describe("quantityString (TestQuantityString)", () => {
  const table: Array<[Quantity, string, string]> = [
    [dec(1024 * 1024 * 1024, 0, "BinarySI"), "1Gi", "1024Mi"],
    [dec(300 * 1024 * 1024, 0, "BinarySI"), "300Mi", "307200Ki"],
    [dec(6 * 1024, 0, "BinarySI"), "6Ki", ""],
    [dec(1001 * 1024 * 1024 * 1024, 0, "BinarySI"), "1001Gi", "1025024Mi"],
    [dec(1024 ** 4, 0, "BinarySI"), "1Ti", "1024Gi"],
    [dec(5, 0, "BinarySI"), "5", "5000m"],
    [dec(500, -3, "BinarySI"), "500m", "0.5"],
    [dec(1, 9, "DecimalSI"), "1G", "1000M"],
    [dec(1000, 6, "DecimalSI"), "1G", "0.001T"],
    [dec(1000000, 3, "DecimalSI"), "1G", ""],
    [dec(1000000000, 0, "DecimalSI"), "1G", ""],
    [dec(1, -3, "DecimalSI"), "1m", "1000u"],
    [dec(80, -3, "DecimalSI"), "80m", ""],
    [dec(1080, -3, "DecimalSI"), "1080m", "1.08"],
    [dec(108, -2, "DecimalSI"), "1080m", "1080000000n"],
    [dec(10800, -4, "DecimalSI"), "1080m", ""],
    [dec(300, 6, "DecimalSI"), "300M", ""],
    [dec(1, 12, "DecimalSI"), "1T", ""],
    // DecimalSI has no suffix beyond "E" (10^18): exponent notation instead (kubernetes#140459).
    [dec(1, 18, "DecimalSI"), "1E", ""],
    [dec(1, 21, "DecimalSI"), "1e21", "1000E"],
    [dec(5, 21, "DecimalSI"), "5e21", "5000E"],
    [dec(1, 24, "DecimalSI"), "1e24", "1000000E"],
    [dec(1234567, 6, "DecimalSI"), "1234567M", ""],
    [dec(1234567, -3, "BinarySI"), "1234567m", ""],
    [dec(3, 3, "DecimalSI"), "3k", ""],
    [dec(1025, 0, "BinarySI"), "1025", ""],
    [dec(0, 0, "DecimalSI"), "0", ""],
    [dec(0, 0, "BinarySI"), "0", ""],
    [dec(1, 9, "DecimalExponent"), "1e9", ".001e12"],
    [dec(1, -3, "DecimalExponent"), "1e-3", "0.001e0"],
    [dec(1, -9, "DecimalExponent"), "1e-9", "1000e-12"],
    [dec(80, -3, "DecimalExponent"), "80e-3", ""],
    [dec(300, 6, "DecimalExponent"), "300e6", ""],
    [dec(1, 12, "DecimalExponent"), "1e12", ""],
    [dec(1, 3, "DecimalExponent"), "1e3", ""],
    [dec(3, 3, "DecimalExponent"), "3e3", ""],
    [dec(3, 3, "DecimalSI"), "3k", ""],
    [dec(0, 0, "DecimalExponent"), "0", "00"],
    [dec(1, -9, "DecimalSI"), "1n", ""],
    [dec(80, -9, "DecimalSI"), "80n", ""],
    [dec(1080, -9, "DecimalSI"), "1080n", ""],
    [dec(108, -8, "DecimalSI"), "1080n", ""],
    [dec(10800, -10, "DecimalSI"), "1080n", ""],
    [dec(1, -6, "DecimalSI"), "1u", ""],
    [dec(80, -6, "DecimalSI"), "80u", ""],
    [dec(1080, -6, "DecimalSI"), "1080u", ""],
  ];

  it.each(table)("%o -> %s (alternate %j)", (q, want, alternate) => {
    expect(quantityString(q)).toBe(want);
    expect(parsedQuantityString(want)).toBe(want); // parsing the canonical form caches it
    if (alternate) {
      expect(parsedQuantityString(alternate)).toBe(want);
      expect(quantityString(parseQuantity(alternate))).toBe(want);
    }
    if (q.num !== 0n) expect(quantityString({ ...q, num: -q.num })).toBe(`-${want}`);
  });
});

describe("parsedQuantityString (TestQuantityParseEmit)", () => {
  it.each([
    ["1Ki", "1Ki"],
    ["1Mi", "1Mi"],
    ["1Gi", "1Gi"],
    ["1024Mi", "1Gi"],
    ["1000M", "1G"],
    [".001Ki", "1024m"],
    [".000001Ki", "1024u"],
    [".000000001Ki", "1024n"],
    [".000000000001Ki", "2n"],
  ])("%s -> %s", (input, want) => {
    expect(parsedQuantityString(input)).toBe(want);
    expect(parsedQuantityString(`-${input}`)).toBe(`-${want}`);
  });
});

describe("parsedQuantityString keeps the inputs Go caches verbatim", () => {
  // ParseQuantity's int64 fast path stores the input as the String() value when it looks
  // canonical (decimal: scale%3 == 0, no trailing "000", no leading zero digit; binary: the
  // number is not a multiple of 8). A threshold's "Threshold quantity" prints this form.
  it.each([
    ["100Mi", "100Mi", "100Mi"],
    ["1.441", "1.441", "1441m"], // kubernetes#138165
    ["1.000001", "1.000001", "1000001u"],
    ["+5", "+5", "5"],
    ["007", "007", "7"],
    ["+1Ki", "+1Ki", "1Ki"],
    ["1.500k", "1.500k", "1500"],
    ["1E3", "1E3", "1e3"],
    ["1e+3", "1e+3", "1e3"],
    ["1.5", "1500m", "1500m"], // one fraction digit: not cached
    ["8Ki", "8Ki", "8Ki"], // multiple of 8: recomputed, same text
    ["1.5Gi", "1536Mi", "1536Mi"], // fractional binary takes the slow path
  ])("%s prints %s (canonical %s)", (input, printed, canonical) => {
    expect(parsedQuantityString(input)).toBe(printed);
    expect(quantityString(parseQuantity(input))).toBe(canonical);
  });
});

describe("formatQuantity (TestNewSet, ExampleFormat, kubelet messages)", () => {
  it.each([
    [1, "DecimalSI", "1"],
    [1000, "DecimalSI", "1k"],
    [1234000, "DecimalSI", "1234k"],
    [1024, "BinarySI", "1Ki"],
    [1000000, "DecimalExponent", "1e6"], // Go's invalid format falls back to DecimalExponent
    [1024 * 1024, "BinarySI", "1Mi"],
    [5 * 1024 ** 3, "BinarySI", "5Gi"], // ExampleFormat memorySize
    [5e9, "DecimalSI", "5G"], // ExampleFormat diskSize
    [104857600, "BinarySI", "100Mi"], // "Threshold quantity: 100Mi"
    [65183744, "BinarySI", "63656Ki"], // "available: 63656Ki"
    [1500, "DecimalSI", "1500"], // 1.5k would need a fraction digit
    [1500, "BinarySI", "1500"],
    [512, "BinarySI", "512"], // below 1Ki BinarySI prints as DecimalSI
    [0, "BinarySI", "0"],
    [-2048, "BinarySI", "-2Ki"],
  ] as const)("%d %s -> %s", (value, format, want) => {
    expect(formatQuantity(value, format)).toBe(want);
    expect(formatQuantity(BigInt(value), format)).toBe(want);
    expect(quantityValue(parseQuantity(want))).toBe(BigInt(value)); // round trip
  });

  it("formats int64 extremes and beyond exactly", () => {
    expect(formatQuantity(-9223372036854775808n, "DecimalSI")).toBe("-9223372036854775808");
    expect(formatQuantity(92233720368547758070n, "DecimalSI")).toBe("92233720368547758070");
    expect(formatQuantity(9223372036854775807n, "BinarySI")).toBe("9223372036854775807");
    expect(formatQuantity(-9223372036854775808n, "BinarySI")).toBe("-9223372036854775808"); // not -8Ei
    expect(formatQuantity(-(2n ** 64n), "BinarySI")).toBe("-16Ei");
    expect(formatQuantity(2 ** 60, "BinarySI")).toBe("1Ei"); // a number keeps its exact integer value
  });

  it('stops BinarySI suffixes at Ei (deviation 3: Go prints 2^70 as "1")', () => {
    expect(formatQuantity(2n ** 60n, "BinarySI")).toBe("1Ei");
    expect(formatQuantity(2n ** 70n, "BinarySI")).toBe("1024Ei");
  });

  it("takes a non-integer number at its shortest decimal value (deviation 5)", () => {
    expect(formatQuantity(1.5, "DecimalSI")).toBe("1500m");
    expect(formatQuantity(1e-12, "DecimalSI")).toBe("1e-12"); // below n: exponent notation
    expect(() => formatQuantity(Number.NaN, "DecimalSI")).toThrow();
  });

  it("rounds a non-decimal rational to nano (deviation 4)", () => {
    expect(quantityString({ num: 1n, den: 3n, format: "DecimalSI" })).toBe("333333334n");
  });
});

describe("formatMilli (TestMilliNewSet, TestNewScaledSet)", () => {
  it.each([
    [1, "1m"],
    [1000, "1"],
    [1234000, "1234"],
    [100, "100m"],
    [2000, "2"],
    [5300, "5300m"],
    [1500, "1500m"],
    [0, "0"],
    [1000000, "1k"],
    [0.5, "500u"],
    [0.001, "1u"],
    [-250, "-250m"],
  ])("%d -> %s", (millis, want) => {
    expect(formatMilli(millis)).toBe(want);
  });

  it.each([
    // NewMilliQuantity with BinarySI / an invalid format (TestMilliNewSet).
    [dec(1024, -3, "BinarySI"), "1024m"],
    [dec(1024 * 1024, -3, "BinarySI"), "1048576m"],
    [dec(1000000, -3, "DecimalExponent"), "1e3"],
    // NewScaledQuantity (TestNewScaledSet).
    [dec(1, -9, "DecimalSI"), "1n"],
    [dec(1000, -9, "DecimalSI"), "1u"],
    [dec(1, -6, "DecimalSI"), "1u"],
    [dec(1000, -6, "DecimalSI"), "1m"],
    [dec(1, -3, "DecimalSI"), "1m"],
    [dec(1000, -3, "DecimalSI"), "1"],
    [dec(1, 0, "DecimalSI"), "1"],
    [dec(0, -9, "DecimalSI"), "0"],
  ] as const)("%o -> %s", (q, want) => {
    expect(quantityString(q)).toBe(want);
  });
});

describe('formatBytesHuman (our UI choice: binary units, one decimal, no ".0")', () => {
  it.each([
    [0, "0"],
    [512, "512"],
    [1023.6, "1Ki"],
    [1024, "1Ki"],
    [1536, "1.5Ki"],
    [65183744, "62.2Mi"],
    [1.5 * 2 ** 30, "1.5Gi"],
    [2 ** 30, "1Gi"],
    [1048575, "1Mi"],
    [2 ** 40 * 3.25, "3.3Ti"],
    [2 ** 70, "1024Ei"],
    [-1536, "-1.5Ki"],
    [-0.2, "0"],
    [Number.NaN, "NaN"],
    [Number.POSITIVE_INFINITY, "Infinity"],
  ])("%d -> %s", (bytes, want) => {
    expect(formatBytesHuman(bytes)).toBe(want);
  });
});
