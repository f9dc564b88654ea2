// Small re-implementations of the Go standard-library parsers the kubelet uses for its settings.
// They throw plain Errors carrying Go's message; callers wrap them with the field path.

const MAX_INT64 = 9_223_372_036_854_775_807n;

const UNIT_NS: Record<string, bigint> = {
  ns: 1n,
  us: 1_000n,
  "\u00b5s": 1_000n, // micro sign
  "\u03bcs": 1_000n, // Greek mu
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};
const MAX_NS = (1n << 63n) - 1n;

/**
 * Parses a Go `time.Duration` string (`"30s"`, `"1m30s"`, `"-1.5h"`, `"0"`) into seconds, with Go's rules and messages.
 * @example parseGoDuration("1m30s") // 90
 */
export function parseGoDuration(orig: string): number {
  const invalid = () => new Error(`time: invalid duration ${JSON.stringify(orig)}`);
  let s = orig;
  let neg = false;
  if (s[0] === "-" || s[0] === "+") {
    neg = s[0] === "-";
    s = s.slice(1);
  }
  if (s === "0") return 0;
  if (s === "") throw invalid();
  let total = 0n;
  while (s !== "") {
    const m = /^(\d*)(?:\.(\d*))?/.exec(s);
    const intPart = m?.[1] ?? "";
    const fracPart = m?.[2];
    if (!m || (intPart === "" && !fracPart)) throw invalid();
    s = s.slice(m[0].length);
    const unit = /^[^0-9.]*/.exec(s)?.[0] ?? "";
    if (unit === "") throw new Error(`time: missing unit in duration ${JSON.stringify(orig)}`);
    s = s.slice(unit.length);
    const mult = Object.hasOwn(UNIT_NS, unit) ? UNIT_NS[unit] : undefined;
    if (mult === undefined) {
      throw new Error(`time: unknown unit ${JSON.stringify(unit)} in duration ${JSON.stringify(orig)}`);
    }
    let v = BigInt(intPart || "0") * mult;
    if (fracPart) {
      // Go adds the fraction as float64(f) * (unit / scale), truncated to an integer.
      const f = Number(fracPart.slice(0, 18));
      const scale = 10 ** Math.min(fracPart.length, 18);
      v += BigInt(Math.trunc(f * (Number(mult) / scale)));
    }
    total += v;
    if (total > MAX_NS) throw invalid();
  }
  const seconds = Number(total) / 1e9;
  return neg ? -seconds : seconds;
}

const DECIMAL_FLOAT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const SPECIAL_FLOAT = /^[+-]?(?:inf|infinity|nan)$/i;

/**
 * Parses like Go `strconv.ParseFloat(s, 32)`: decimal or inf/nan syntax, rounded to float32; out of float32 range is an error.
 * @example parseFloat32("10.5") // 10.5
 */
export function parseFloat32(s: string): number {
  if (SPECIAL_FLOAT.test(s)) {
    const lower = s.toLowerCase();
    if (lower.includes("nan")) return Number.NaN;
    return lower.startsWith("-") ? -Infinity : Infinity;
  }
  if (!DECIMAL_FLOAT.test(s)) throw new Error(`strconv.ParseFloat: parsing ${JSON.stringify(s)}: invalid syntax`);
  const v = Math.fround(Number(s));
  if (!Number.isFinite(v)) throw new Error(`strconv.ParseFloat: parsing ${JSON.stringify(s)}: value out of range`);
  return v;
}

/**
 * Counts the CPUs in a Linux cpuset list like Go `cpuset.Parse(...).Size()`.
 * @example cpusetSize("0-3,8") // 5
 */
export function cpusetSize(s: string): number {
  if (s.trim() === "") return 0;
  // Counted from the merged ranges, never CPU by CPU: "0-4000000000" or a 400-digit id must not
  // spin (the kubelet's strconv.Atoi refuses ids past int64; the count is checked later as cpu).
  const ranges: [bigint, bigint][] = [];
  for (const part of s.split(",")) {
    const m = /^\s*(\d+)(?:-(\d+))?\s*$/.exec(part);
    if (!m || m[1]!.length > 19 || (m[2]?.length ?? 0) > 19) throw new Error(`invalid cpuset ${JSON.stringify(s)}`);
    const lo = BigInt(m[1]!);
    const hi = m[2] === undefined ? lo : BigInt(m[2]);
    if (hi < lo || hi > MAX_INT64) throw new Error(`invalid cpuset ${JSON.stringify(s)}`);
    ranges.push([lo, hi]);
  }
  ranges.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  let size = 0n;
  let covered = -1n; // the highest CPU counted so far
  for (const [lo, hi] of ranges) {
    if (hi <= covered) continue;
    size += hi - (lo > covered ? lo : covered + 1n) + 1n;
    covered = hi;
  }
  return Number(size);
}
