// Kubernetes resource.Quantity parsing, ported from k8s.io/apimachinery/pkg/api/resource
// (quantity.go ParseQuantity/parseQuantityString, suffix.go, amount.go, math.go).
// Values are exact rationals; Go's int64/inf.Dec split only matters for three observable
// things, and those are reproduced by tracking whether Go would take its int64 "fast path":
// which digit-less inputs are errors, and which inputs String() echoes back verbatim.

/** The three ways a quantity can be written; parsing remembers which one was used. */
export type QuantityFormat = "BinarySI" | "DecimalSI" | "DecimalExponent";

/** An exact rational quantity: value = num / den, with den > 0. */
export interface Quantity {
  num: bigint;
  den: bigint;
  format: QuantityFormat;
}

/** Thrown for any string or number that is not a valid Kubernetes quantity. */
export class QuantityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "QuantityError";
  }
}

/** A valid quantity the kubelet cannot hold: its value (or millivalue for cpu) is past int64. */
export class QuantityRangeError extends QuantityError {
  constructor(input: string | number, unit: string) {
    const shown = typeof input === "string" && input.length > 64 ? `${input.slice(0, 64)}…` : input;
    super(`${JSON.stringify(shown)} is out of range: the kubelet reads it as a 64-bit integer of ${unit}, at most ${MAX_INT64}`);
    this.name = "QuantityRangeError";
  }
}

/** What Go's parseQuantityString splits a quantity string into. */
export interface ScannedQuantity {
  negative: boolean;
  /** Integer digits with leading zeros removed; "0" when there are none. */
  num: string;
  /** Fraction digits exactly as written (may be empty, also after a bare "."). */
  denom: string;
  suffix: string;
  /** False for inputs such as "+", "." or "Mi" whose number part has no digit at all. */
  hasDigits: boolean;
}

export interface ParsedQuantity {
  quantity: Quantity;
  /** True when Go's ParseQuantity caches the input, so String() returns it unchanged. */
  verbatim: boolean;
}

const NANO_DEN = 1_000_000_000n;
export const MAX_INT64 = 9_223_372_036_854_775_807n;
// Go accepts any int32 exponent, but 10^2147483647 cannot be held as a bigint. Scaling a
// non-zero number by more than 10^10000 is rejected; negative exponents work at any size.
const MAX_DECIMAL_EXPONENT = 10_000;

const SUFFIX_CHARS = "eEinumkKMGTP";
const DECIMAL_SUFFIXES = new Map<string, number>([
  ["n", -9],
  ["u", -6],
  ["m", -3],
  ["", 0],
  ["k", 3],
  ["M", 6],
  ["G", 9],
  ["T", 12],
  ["P", 15],
  ["E", 18],
]);
const BINARY_SUFFIXES = new Map<string, number>([
  ["Ki", 10],
  ["Mi", 20],
  ["Gi", 30],
  ["Ti", 40],
  ["Pi", 50],
  ["Ei", 60],
]);

function invalid(input: string, reason: string): QuantityError {
  return new QuantityError(`${JSON.stringify(input)} is not a valid quantity: ${reason}`);
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Splits a quantity string like Go's parseQuantityString, or returns null on a format error. */
export function scanQuantity(s: string): ScannedQuantity | null {
  const end = s.length;
  let pos = 0;
  let negative = false;
  if (s[0] === "-") {
    negative = true;
    pos++;
  } else if (s[0] === "+") {
    pos++;
  }
  const intStart = pos;
  while (pos < end && isDigit(s.charCodeAt(pos))) pos++;
  const intDigits = s.slice(intStart, pos);
  let denom = "";
  if (pos < end && s[pos] === ".") {
    const fracStart = ++pos;
    while (pos < end && isDigit(s.charCodeAt(pos))) pos++;
    denom = s.slice(fracStart, pos);
  }
  const suffixStart = pos;
  while (pos < end && SUFFIX_CHARS.includes(s.charAt(pos))) pos++;
  if (pos < end && (s[pos] === "+" || s[pos] === "-")) pos++;
  while (pos < end && isDigit(s.charCodeAt(pos))) pos++;
  if (pos < end) return null;
  return {
    negative,
    num: intDigits.replace(/^0+/, "") || "0",
    denom,
    suffix: s.slice(suffixStart),
    hasDigits: intDigits.length + denom.length > 0,
  };
}

interface Suffix {
  base: 2 | 10;
  exponent: number;
  format: QuantityFormat;
}

/** Interprets a suffix like suffix.go: SI tables first, then e/E plus an int32 exponent. */
function interpretSuffix(suffix: string): Suffix | null {
  const dec = DECIMAL_SUFFIXES.get(suffix);
  if (dec !== undefined) return { base: 10, exponent: dec, format: "DecimalSI" };
  const bin = BINARY_SUFFIXES.get(suffix);
  if (bin !== undefined) {
    return { base: 2, exponent: bin, format: "BinarySI" };
  }
  if (suffix.length > 1 && (suffix[0] === "e" || suffix[0] === "E")) {
    const rest = suffix.slice(1);
    if (!/^[+-]?[0-9]+$/.test(rest)) return null;
    const exponent = BigInt(rest);
    if (exponent < -2_147_483_648n || exponent > 2_147_483_647n) return null;
    return { base: 10, exponent: Number(exponent), format: "DecimalExponent" };
  }
  return null;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** Builds a Quantity with num/den reduced to lowest terms. */
export function reduced(num: bigint, den: bigint, format: QuantityFormat): Quantity {
  if (num === 0n) return { num: 0n, den: 1n, format };
  const g = gcd(num, den);
  return { num: num / g, den: den / g, format };
}

/** Divides n by d > 0, rounding any remainder away from zero (Go's inf.RoundUp). */
export function divAwayFromZero(n: bigint, d: bigint): bigint {
  const q = n / d;
  if (n % d === 0n) return q;
  return n > 0n ? q + 1n : q - 1n;
}

/** Whether Go's ParseQuantity would build an int64Amount (its "fast path") for this input. */
function takesFastPath(scan: ScannedQuantity, suffix: Suffix): boolean {
  const digits = scan.num.length + scan.denom.length;
  if (suffix.base === 2) {
    // float32(exponent)*3/10 is exact for the six binary exponents.
    return scan.denom.length === 0 && 15 - digits - Math.trunc((suffix.exponent * 3) / 10) - 1 >= 0;
  }
  // maxInt64Factors (18) digits always fit ParseInt; the scale must not be finer than nano.
  return 18 - digits >= 0 && suffix.exponent - scan.denom.length >= -9;
}

/** Whether Go caches the input string as the quantity's String() (only on the fast path). */
function keepsInput(scan: ScannedQuantity, suffix: Suffix): boolean {
  const shifted = scan.num + scan.denom;
  if (suffix.base === 2) return (BigInt(shifted) & 7n) !== 0n;
  const scale = suffix.exponent - scan.denom.length;
  return scale % 3 === 0 && !shifted.endsWith("000") && shifted[0] !== "0";
}

/** Returns |value| in nano units, rounded away from zero as ParseQuantity does. */
function magnitudeInNanos(input: string, scan: ScannedQuantity, suffix: Suffix): bigint {
  const mantissa = BigInt(scan.num + scan.denom);
  if (mantissa === 0n) return 0n;
  const fractionDigits = scan.denom.length;
  if (suffix.base === 2) {
    const scaled = (mantissa << BigInt(suffix.exponent)) * NANO_DEN;
    return divAwayFromZero(scaled, 10n ** BigInt(fractionDigits));
  }
  const shift = suffix.exponent - fractionDigits + 9; // value in nanos = mantissa * 10^shift
  if (shift >= 0) {
    if (shift - 9 > MAX_DECIMAL_EXPONENT) {
      throw invalid(input, `scaling by 10^${shift - 9} is above the supported 10^${MAX_DECIMAL_EXPONENT}`);
    }
    return mantissa * 10n ** BigInt(shift);
  }
  // Anything smaller than one nano rounds up to exactly one nano; skip building 10^-shift.
  if (-shift > scan.num.length + fractionDigits) return 1n;
  return divAwayFromZero(mantissa, 10n ** BigInt(-shift));
}

/** Parses a quantity string and reports whether Go would echo the input from String(). */
export function parseQuantityDetailed(input: string): ParsedQuantity {
  if (input.length === 0) throw invalid(input, "quantities must not be empty");
  const scan = scanQuantity(input);
  if (scan === null) throw invalid(input, "quantities must match '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
  const suffix = interpretSuffix(scan.suffix);
  if (suffix === null) throw invalid(input, "unable to parse quantity's suffix");
  const fast = takesFastPath(scan, suffix);
  // Go's slow path hands the number part to inf.Dec.SetString, which needs a digit.
  if (!fast && !scan.hasDigits) throw invalid(input, "unable to parse numeric part of quantity");

  let nanos = magnitudeInNanos(input, scan, suffix);
  let den = NANO_DEN;
  let format = suffix.format;
  if (suffix.base === 2) {
    // BinarySI is silently capped at 2^63-1; a magnitude below one switches to DecimalSI.
    if (nanos > MAX_INT64 * NANO_DEN) {
      nanos = MAX_INT64;
      den = 1n;
    } else if (nanos > 0n && nanos < NANO_DEN) {
      format = "DecimalSI";
    }
  }
  return {
    quantity: reduced(scan.negative ? -nanos : nanos, den, format),
    verbatim: fast && keepsInput(scan, suffix),
  };
}

/** Converts a finite number exactly if it is an integer, else via its shortest decimal string. */
export function rationalFromNumber(value: number, format: QuantityFormat): Quantity {
  if (!Number.isFinite(value)) throw new QuantityError(`${value} is not a valid quantity`);
  // String(2 ** 60) is "1152921504606847000"; integers keep their exact value instead.
  if (Number.isInteger(value)) return reduced(BigInt(value), 1n, format);
  const text = String(value); // "123.45", "-0.5", "1e-7", "1.5e+21"
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(text);
  if (match === null) throw new QuantityError(`${text} is not a valid quantity`);
  const [, sign = "", int = "", frac = "", exp = "0"] = match;
  const mantissa = BigInt(sign + int + frac);
  const exponent = Number(exp) - frac.length;
  return exponent >= 0
    ? reduced(mantissa * 10n ** BigInt(exponent), 1n, format)
    : reduced(mantissa, 10n ** BigInt(-exponent), format);
}
