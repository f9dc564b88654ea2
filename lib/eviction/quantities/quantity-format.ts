// Quantity.String() canonicalization (quantity.go CanonicalizeBytes, amount.go
// AsCanonicalBytes / AsCanonicalBase1024Bytes, suffix.go constructBytes), plus the UI formatter.

import {
  divAwayFromZero,
  parseQuantityDetailed,
  QuantityError,
  rationalFromNumber,
  reduced,
  type Quantity,
  type QuantityFormat,
} from "./quantity-parse";

const DECIMAL_SI_SUFFIX = new Map<number, string>([
  [-9, "n"],
  [-6, "u"],
  [-3, "m"],
  [0, ""],
  [3, "k"],
  [6, "M"],
  [9, "G"],
  [12, "T"],
  [15, "P"],
  [18, "E"],
]);
const BINARY_SI_SUFFIX = ["", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"] as const;
const MIN_INT64 = -(2n ** 63n);

function checked(q: Quantity): Quantity {
  if (q.den <= 0n) throw new QuantityError(`${q.num}/${q.den} is not a valid quantity: den must be > 0`);
  return reduced(q.num, q.den, q.format);
}

function countFactor(n: bigint, factor: bigint): number {
  let count = 0;
  while (n % factor === 0n) {
    n /= factor;
    count++;
  }
  return count;
}

/** Writes q as mantissa * 10^exponent; values not on a decimal grid round away from zero to nano. */
function toDecimal(q: Quantity): { mantissa: bigint; exponent: number } {
  const twos = countFactor(q.den, 2n);
  const fives = countFactor(q.den, 5n);
  if (q.den !== 2n ** BigInt(twos) * 5n ** BigInt(fives)) {
    return { mantissa: divAwayFromZero(q.num * 1_000_000_000n, q.den), exponent: -9 };
  }
  const k = Math.max(twos, fives);
  return { mantissa: (q.num * 10n ** BigInt(k)) / q.den, exponent: -k };
}

function decimalString(q: Quantity, format: "DecimalSI" | "DecimalExponent"): string {
  const { mantissa, exponent: rawExponent } = toDecimal(q);
  const sign = mantissa < 0n ? "-" : "";
  let digits = (mantissa < 0n ? -mantissa : mantissa).toString();
  const stripped = digits.replace(/0+$/, "");
  let exponent = rawExponent + digits.length - stripped.length;
  digits = stripped;
  // Move the exponent down to a multiple of three (Go's exponent%3 loop).
  const extra = ((exponent % 3) + 3) % 3;
  digits += "0".repeat(extra);
  exponent -= extra;
  const si = format === "DecimalSI" ? DECIMAL_SI_SUFFIX.get(exponent) : undefined;
  // DecimalSI has no suffix past E or below n, so it falls back to exponent notation (#140459).
  const suffix = si ?? (exponent === 0 ? "" : `e${exponent}`);
  return sign + digits + suffix;
}

function binaryString(value: bigint): string {
  // Go's removeInt64Factors negates MinInt64 into itself and finds no factor: "-9223372036854775808".
  if (value === MIN_INT64) return value.toString();
  let mantissa = value;
  let power = 0;
  // Go stops finding suffixes after Ei (2^70 would print as "1"); we stop dividing there instead.
  while (power < BINARY_SI_SUFFIX.length - 1 && mantissa % 1024n === 0n) {
    mantissa /= 1024n;
    power++;
  }
  return `${mantissa}${BINARY_SI_SUFFIX[power]}`;
}

/**
 * Formats q in canonical form, as Quantity.String() does for a value it has not cached.
 * @example quantityString(parseQuantity("1.5Gi")) // "1536Mi"
 */
export function quantityString(quantity: Quantity): string {
  const q = checked(quantity);
  if (q.num === 0n) return "0";
  if (q.format === "BinarySI") {
    const magnitude = q.num < 0n ? -q.num : q.num;
    // |q| < 1024 or a fraction would need rounding: emit as DecimalSI instead.
    if (magnitude >= 1024n * q.den && q.den === 1n) return binaryString(q.num);
    return decimalString(q, "DecimalSI");
  }
  return decimalString(q, q.format);
}

/**
 * Formats a quantity string exactly as Go prints ParseQuantity(s).String(), echoing inputs Go caches.
 * @example parsedQuantityString("1.441") // "1.441" (Go caches it); parsedQuantityString("1.5") // "1500m"
 */
export function parsedQuantityString(s: string): string {
  const parsed = parseQuantityDetailed(s);
  return parsed.verbatim ? s : quantityString(parsed.quantity);
}

/** Formats a value in canonical form, like NewQuantity(value, format).String(). */
export function formatQuantity(value: bigint | number, format: QuantityFormat): string {
  const q = typeof value === "bigint" ? { num: value, den: 1n, format } : rationalFromNumber(value, format);
  return quantityString(q);
}

/** Formats millicores as kubectl prints CPU, like NewMilliQuantity(millis, DecimalSI).String(). */
export function formatMilli(millis: number): string {
  const q = rationalFromNumber(millis, "DecimalSI");
  return quantityString({ num: q.num, den: q.den * 1000n, format: "DecimalSI" });
}

/**
 * Formats bytes for display with binary units and one decimal, e.g. "1.5Gi", "62.2Mi", "512".
 * Below 1Ki it prints whole bytes with no suffix (Kubernetes notation); ".0" is dropped;
 * non-finite input prints as String(bytes) so a render never throws.
 */
export function formatBytesHuman(bytes: number): string {
  if (!Number.isFinite(bytes)) return String(bytes);
  const sign = bytes < 0 ? "-" : "";
  let value = Math.abs(bytes);
  let power = 0;
  while (value >= 1024 && power < BINARY_SI_SUFFIX.length - 1) {
    value /= 1024;
    power++;
  }
  let rounded = power === 0 ? Math.round(value) : Math.round(value * 10) / 10;
  if (rounded >= 1024 && power < BINARY_SI_SUFFIX.length - 1) {
    power++;
    rounded = Math.round((rounded / 1024) * 10) / 10;
  }
  return rounded === 0 ? "0" : `${sign}${rounded}${BINARY_SI_SUFFIX[power]}`;
}
