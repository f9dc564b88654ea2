// Receive buffers, reused. At 5 000 nodes the collector reads hundreds of kubelet answers a
// second; keeping each answer's socket chunks until the end (and then a concatenated copy) keeps
// off-heap buffers alive past young-generation collections, until a full GC. Copying each chunk
// into a reused buffer lets the chunks die young and keeps the body buffers to a handful (the
// resident-memory figures of scripts/bench-data.ts are in docs/benchmarks.md).
const SPARE_TOTAL_BYTES = 8 * 1024 * 1024;
const SPARE_MAX_BYTES = 2 * 1024 * 1024;
const FIRST_BYTES = 64 * 1024;
const spare: Buffer[] = [];
let spareBytes = 0;

/** One answer's body, copied chunk by chunk into a reused buffer. */
export class BodyBuffer {
  private buf: Buffer;
  length = 0;

  /** `expected`: the declared Content-Length, trusted only up to SPARE_MAX_BYTES before data arrives. */
  constructor(expected: number) {
    const want = Math.min(expected, SPARE_MAX_BYTES);
    const i = spare.findIndex((b) => b.length >= want);
    if (i >= 0) {
      this.buf = spare.splice(i, 1)[0]!;
      spareBytes -= this.buf.length;
    } else this.buf = Buffer.allocUnsafeSlow(Math.max(FIRST_BYTES, want));
  }

  push(c: Buffer): void {
    if (this.length + c.length > this.buf.length) {
      const bigger = Buffer.allocUnsafeSlow(Math.max(this.buf.length * 2, this.length + c.length));
      this.buf.copy(bigger, 0, 0, this.length);
      this.release();
      this.buf = bigger;
    }
    c.copy(this.buf, this.length);
    this.length += c.length;
  }

  text(): string {
    return this.buf.toString("utf8", 0, this.length);
  }

  /** Hands the buffer back for the next request (the body must not be read after this). */
  release(): void {
    const b = this.buf;
    if (b.length > SPARE_MAX_BYTES || spareBytes + b.length > SPARE_TOTAL_BYTES || spare.includes(b)) return;
    spare.push(b);
    spareBytes += b.length;
  }
}
