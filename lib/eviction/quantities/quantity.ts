// Kubernetes resource.Quantity for the engine: parse, read as bytes or millicores, format.
// Behaviour follows k8s.io/apimachinery/pkg/api/resource; the few knowing deviations are
// listed in quantity.test.ts under "deviations from apimachinery".

import {
  divAwayFromZero,
  MAX_INT64,
  parseQuantityDetailed,
  QuantityError,
  QuantityRangeError,
  rationalFromNumber,
  type Quantity,
} from "./quantity-parse";

export { type Quantity, QuantityError, type QuantityFormat, QuantityRangeError } from "./quantity-parse";
export { formatBytesHuman, formatMilli, formatQuantity, parsedQuantityString, quantityString } from "./quantity-format";

/**
 * Parses a Kubernetes quantity string exactly as resource.ParseQuantity does, or throws QuantityError.
 * Values finer than 1n round away from zero to 1n, BinarySI caps at 2^63-1, no whitespace allowed.
 * @example
 * parseQuantity("100Mi")  // { num: 104857600n, den: 1n, format: "BinarySI" }
 * parseQuantity("1.5")    // { num: 3n, den: 2n, format: "DecimalSI" }
 * parseQuantity("1e-3")   // { num: 1n, den: 1000n, format: "DecimalExponent" }
 * parseQuantity("0.1n")   // { num: 1n, den: 1000000000n, format: "DecimalSI" }
 * parseQuantity("12Qi")   // throws QuantityError: "12Qi" is not a valid quantity: ...
 */
export function parseQuantity(s: string): Quantity {
  let q = parsed.get(s);
  if (q === undefined) {
    q = Object.freeze(parseQuantityDetailed(s).quantity);
    remember(parsed, s, q);
  }
  return q;
}

// A node's pods repeat the same few quantity strings ("100m", "128Mi") thousands of times, and
// exact parsing goes through BigInt; a small bounded memo makes fleet-wide analysis affordable.
const MEMO_LIMIT = 4096;
const parsed = new Map<string, Quantity>();
const bytes = new Map<string, number>();
const millis = new Map<string, number>();

function remember<V>(memo: Map<string, V>, key: string, value: V): void {
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, value);
}

// Nearly every quantity in a pod spec is a plain integer with at most a binary or decimal suffix
// ("128Mi", "500M", "2", "100m" of cpu). Its Value() or MilliValue() is that integer times a power,
// exact in a double while it stays within 2^53, so it is read from its characters here; everything
// else (fractions, exponents, signs, "m" of bytes, anything past 2^53, anything invalid) goes to the
// exact parser. The memo's string hashing and lookup cost more than this reading (issue 27: ~280
// quantities a 30-pod node). quantity.values.test.ts compares the two on random strings.
const DECIMAL_SUFFIX: Record<number, number> = { 107: 1e3, 77: 1e6, 71: 1e9, 84: 1e12, 80: 1e15, 69: 1e18 };
const BINARY_SUFFIX: Record<number, number> = { 75: 2 ** 10, 77: 2 ** 20, 71: 2 ** 30, 84: 2 ** 40, 80: 2 ** 50, 69: 2 ** 60 };

/** The value of a plain quantity times `unit` (1: Value(), 1000: MilliValue()), or -1 when `s` is not plain. */
export function plainValue(s: string, unit: 1 | 1000): number {
  const len = s.length;
  let n = 0;
  let i = 0;
  for (; i < len; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) break;
    n = n * 10 + d;
  }
  // Up to 15 digits every partial sum is an exact integer.
  if (i === 0 || i > 15) return -1;
  let scale = 1;
  const rest = len - i;
  if (rest === 1) {
    const c = s.charCodeAt(i);
    if (c === 109 && unit === 1000) return n; // "100m" of cpu: the millicores as written
    scale = DECIMAL_SUFFIX[c] ?? 0;
  } else if (rest === 2 && s.charCodeAt(i + 1) === 105) {
    scale = BINARY_SUFFIX[s.charCodeAt(i)] ?? 0;
  } else if (rest !== 0) {
    return -1;
  }
  if (scale === 0) return -1;
  // A double's product of two exact integers is exact when the true product is within 2^53, and
  // past it when the true product is: so the bound is checked on the computed product.
  const v = n * scale;
  if (v > Number.MAX_SAFE_INTEGER) return -1;
  const scaled = v * unit;
  return scaled > Number.MAX_SAFE_INTEGER ? -1 : scaled;
}

function checkDen(q: Quantity): void {
  if (q.den <= 0n) throw new QuantityError(`${q.num}/${q.den} is not a valid quantity: den must be > 0`);
}

/** Returns q as an integer rounded away from zero, like Quantity.Value() (exact, never overflows). */
export function quantityValue(q: Quantity): bigint {
  checkDen(q);
  return divAwayFromZero(q.num, q.den);
}

/** Returns q * 1000 rounded away from zero, like Quantity.MilliValue() (exact, never overflows). */
export function quantityMilliValue(q: Quantity): bigint {
  checkDen(q);
  return divAwayFromZero(q.num * 1000n, q.den);
}

// The kubelet holds Value() and MilliValue() in an int64; past that a quantity is refused here,
// where it becomes a number, so no later arithmetic sees Infinity or a value BigInt cannot take.
function int64(v: bigint, input: string | number, unit: string): number {
  if (v > MAX_INT64 || v < -MAX_INT64 - 1n) throw new QuantityRangeError(input, unit);
  return Number(v);
}

/** Reads a byte count: strings as ParseQuantity(s).Value(), finite numbers in int64 range passed through as-is. */
export function parseBytes(s: string | number): number {
  if (typeof s === "number") {
    if (!Number.isFinite(s)) throw new QuantityError(`${s} is not a valid quantity`);
    if (Math.abs(s) >= 2 ** 63) throw new QuantityRangeError(s, "bytes or units");
    return s;
  }
  const plain = plainValue(s, 1);
  if (plain >= 0) return plain;
  let n = bytes.get(s);
  if (n === undefined) {
    n = int64(quantityValue(parseQuantity(s)), s, "bytes or units");
    remember(bytes, s, n);
  }
  return n;
}

/** Reads CPU as millicores: strings via MilliValue(), numbers as cores ("100m"->100, 0.5->500). */
export function parseMillis(s: string | number): number {
  if (typeof s === "number") return int64(quantityMilliValue(rationalFromNumber(s, "DecimalSI")), s, "millicores");
  const plain = plainValue(s, 1000);
  if (plain >= 0) return plain;
  let n = millis.get(s);
  if (n === undefined) {
    n = int64(quantityMilliValue(parseQuantity(s)), s, "millicores");
    remember(millis, s, n);
  }
  return n;
}
