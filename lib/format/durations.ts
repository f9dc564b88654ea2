// Durations as the kubelet writes them: Go's time.Duration String ("1m30s", "2m0s", "1h0m0s"),
// so a grace period reads the same in the UI, the CLI and a KubeletConfiguration file. Ages
// ("3m", "2h") follow kubectl's rounding instead: they answer "how long ago", not "what setting".

const NS_PER_SECOND = 1_000_000_000n;

/** Writes `v` (< 10^prec units) as Go's fmtFrac does: ".001", trailing zeros dropped, nothing for 0. */
function fraction(v: bigint, prec: number): [string, bigint] {
  let digits = "";
  let print = false;
  for (let i = 0; i < prec; i++) {
    const digit = v % 10n;
    print ||= digit !== 0n;
    if (print) digits = digit.toString() + digits;
    v /= 10n;
  }
  return [print ? `.${digits}` : "", v];
}

/**
 * Formats nanoseconds exactly as Go's `time.Duration.String()`: "0s", "1.1µs", "2.2ms", "4m5s",
 * "5h6m7.001s", "8m0.000000001s". Below a second it uses the smallest unit that keeps a leading digit.
 */
export function goDurationString(ns: bigint): string {
  if (ns === 0n) return "0s";
  const neg = ns < 0n;
  let u = neg ? -ns : ns;
  let out: string;
  if (u < NS_PER_SECOND) {
    let prec: number;
    let unit: string;
    if (u < 1000n) {
      prec = 0;
      unit = "ns";
    } else if (u < 1_000_000n) {
      prec = 3;
      unit = "µs";
    } else {
      prec = 6;
      unit = "ms";
    }
    const [frac, whole] = fraction(u, prec);
    out = `${whole}${frac}${unit}`;
  } else {
    const [frac, secondsTotal] = fraction(u, 9);
    u = secondsTotal;
    out = `${u % 60n}${frac}s`;
    u /= 60n;
    if (u > 0n) {
      out = `${u % 60n}m${out}`;
      u /= 60n;
      if (u > 0n) out = `${u}h${out}`;
    }
  }
  return neg ? `-${out}` : out;
}

/** Formats seconds as the kubelet writes a duration setting: 90 → "1m30s", 120 → "2m0s", 0 → "0s". */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return "–";
  return goDurationString(BigInt(Math.round(seconds * 1e9)));
}

/** Formats a duration in seconds as kubectl ages do: 45s, 3m, 2h, 4d. */
export function formatAge(seconds: number | null): string {
  if (seconds == null || !Number.isFinite(seconds)) return "–";
  const s = Math.max(0, Math.round(seconds));
  if (s < 120) return `${s}s`;
  if (s < 7200) return `${Math.floor(s / 60)}m`;
  if (s < 172800) return `${Math.floor(s / 3600)}h`;
  return `${Math.floor(s / 86400)}d`;
}
