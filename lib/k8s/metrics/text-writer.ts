import "server-only";

// The bytes of a /metrics answer, written straight into one buffer. At 5 000 nodes a scrape is
// ~215 000 lines (17 MiB): built as one string per line and joined, every line stayed alive until
// the join, so the young generation copied and promoted ~17 MiB of small strings on each scrape;
// here nothing per line outlives its write, and integers (most values: bytes, inodes, PIDs, pod
// counts) are written as digits without a string at all. The text is byte for byte what the
// string renderer wrote (tests/k8s/metrics-same-text.test.ts).

const NEEDS_ESCAPE = /[\\"\n]/;
/** A label value escaped as the text format wants it (backslash, double quote, newline). */
export const esc = (v: string) =>
  NEEDS_ESCAPE.test(v) ? v.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n") : v;

/** ASCII bytes of a constant, encoded once. */
export const ascii = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));

/** A string's UTF-8 bytes: a node's name once per scrape rather than once per line. */
export const utf8 = (s: string): Uint8Array => Buffer.from(s, "utf8");

const words = new Map<string, Uint8Array>();
/** The bytes of a word from a closed set (signal, kind, condition, state), encoded once per process. */
export function word(s: string): Uint8Array {
  let b = words.get(s);
  if (!b) words.set(s, (b = utf8(s)));
  return b;
}

const NL = 10;
const DIGITS = new Uint8Array(20);
const PLUS_INF = ascii("+Inf");
const MINUS_INF = ascii("-Inf");
const NAN = ascii("NaN");

export class TextWriter {
  private buf: Buffer;
  pos = 0;

  constructor(capacity = 1 << 16) {
    this.buf = Buffer.allocUnsafe(capacity);
  }

  private grow(need: number): void {
    const next = Buffer.allocUnsafe(Math.max(need, this.buf.length * 2));
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
  }

  /** Bytes of a constant (`ascii`); a loop, as these are 5–60 bytes and `set` costs more per call. */
  bytes(b: Uint8Array): this {
    const n = b.length;
    if (this.pos + n > this.buf.length) this.grow(this.pos + n);
    const buf = this.buf;
    let p = this.pos;
    for (let i = 0; i < n; i++) buf[p++] = b[i]!;
    this.pos = p;
    return this;
  }

  /** A string as UTF-8 (node names and label values are ASCII in practice; anything else is encoded whole). */
  str(s: string): this {
    const n = s.length;
    if (this.pos + 3 * n > this.buf.length) this.grow(this.pos + 3 * n);
    const buf = this.buf;
    let p = this.pos;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c > 0x7f) {
        this.pos += buf.write(s, this.pos, "utf8");
        return this;
      }
      buf[p++] = c;
    }
    this.pos = p;
    return this;
  }

  /** A value as the exposition writes it: JavaScript's own `String(v)`, or +Inf, -Inf, NaN. */
  num(v: number): this {
    if (Number.isSafeInteger(v)) return this.int(v);
    if (Number.isFinite(v)) return this.str(String(v));
    return this.bytes(v > 0 ? PLUS_INF : v < 0 ? MINUS_INF : NAN);
  }

  /** A number as a template literal writes it (`String(v)`: Infinity, not +Inf). */
  js(v: number): this {
    return Number.isSafeInteger(v) ? this.int(v) : this.str(String(v));
  }

  /**
   * A safe integer in decimal, as `String(v)` writes it (-0 as 0). Digits come from 32-bit
   * integer arithmetic, nine at a time: `%` on a double past 2^31 (a byte count) is a call to fmod.
   */
  int(v: number): this {
    if (this.pos + 21 > this.buf.length) this.grow(this.pos + 21);
    if (v < 0) {
      this.buf[this.pos++] = 45;
      v = -v;
    }
    if (v < 1e9) return this.digits(v | 0, 0);
    const hi = Math.floor(v / 1e9); // below 2^53 / 1e9, so a 32-bit integer
    this.digits(hi | 0, 0);
    return this.digits((v - hi * 1e9) | 0, 9);
  }

  /** A 32-bit non-negative integer's digits, zero-padded to `width`. */
  private digits(x: number, width: number): this {
    let n = 0;
    do {
      const q = (x / 10) | 0;
      DIGITS[n++] = 48 + x - q * 10;
      x = q;
    } while (x > 0);
    while (n < width) DIGITS[n++] = 48;
    const buf = this.buf;
    let p = this.pos;
    while (n > 0) buf[p++] = DIGITS[--n]!;
    this.pos = p;
    return this;
  }

  /** Ends a line. */
  nl(): this {
    if (this.pos + 1 > this.buf.length) this.grow(this.pos + 1);
    this.buf[this.pos++] = NL;
    return this;
  }

  /** The bytes written so far (a view of this writer's buffer, which no later write changes once done). */
  view(): Buffer {
    return this.buf.subarray(0, this.pos);
  }
}
