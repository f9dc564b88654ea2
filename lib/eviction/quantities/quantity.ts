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
  let n = millis.get(s);
  if (n === undefined) {
    n = int64(quantityMilliValue(parseQuantity(s)), s, "millicores");
    remember(millis, s, n);
  }
  return n;
}
