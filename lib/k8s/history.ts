// A short per-node history of every observed signal in typed ring buffers: one Float64Array of
// sample times and one per signal (NaN = not observed in that sample). Buffers start small and
// double up to the configured length, so a 5-node lab and a 5 000-node fleet both pay only for
// what they have seen.
import type { HistorySeries } from "@/lib/dto";

export interface SignalSample {
  signal: string;
  available: number;
  capacity: number;
}

export class NodeHistory {
  private times: Float64Array;
  private readonly values = new Map<string, Float64Array>();
  private readonly capacities = new Map<string, number>();
  private cap: number;
  private head = 0; // index of the oldest sample
  private len = 0;

  constructor(private readonly maxSamples: number, initial = 16) {
    this.cap = Math.max(1, Math.min(initial, maxSamples));
    this.times = new Float64Array(this.cap);
  }

  get size(): number {
    return this.len;
  }

  /** Appends one observation (ms since epoch) of several signals; the oldest is dropped when full. */
  push(t: number, samples: readonly SignalSample[]): void {
    if (this.len === this.cap && this.cap < this.maxSamples) this.grow(Math.min(this.maxSamples, this.cap * 2));
    const idx = (this.head + this.len) % this.cap;
    if (this.len === this.cap) this.head = (this.head + 1) % this.cap;
    else this.len++;
    this.times[idx] = t;
    for (const arr of this.values.values()) arr[idx] = NaN;
    for (const s of samples) {
      let arr = this.values.get(s.signal);
      if (!arr) {
        arr = new Float64Array(this.cap).fill(NaN);
        this.values.set(s.signal, arr);
      }
      arr[idx] = s.available;
      this.capacities.set(s.signal, s.capacity);
    }
  }

  private grow(cap: number): void {
    const relinear = (src: Float64Array, fill: number) => {
      const dst = new Float64Array(cap).fill(fill);
      for (let i = 0; i < this.len; i++) dst[i] = src[(this.head + i) % this.cap]!;
      return dst;
    };
    this.times = relinear(this.times, 0);
    for (const [k, v] of this.values) this.values.set(k, relinear(v, NaN));
    this.head = 0;
    this.cap = cap;
  }

  /** Resamples onto a regular grid of `intervalSeconds` (last sample per slot wins; gaps are null). */
  series(intervalSeconds: number): HistorySeries {
    const step = intervalSeconds * 1000;
    if (this.len === 0) return { start: 0, intervalSeconds, signals: {} };
    const first = this.times[this.head]!;
    const last = this.times[(this.head + this.len - 1) % this.cap]!;
    const start = Math.floor(first / step) * step;
    const slots = Math.min(this.maxSamples, Math.floor((last - start) / step) + 1);
    const gridStart = start + Math.max(0, Math.floor((last - start) / step) + 1 - slots) * step;
    const signals: HistorySeries["signals"] = {};
    for (const [signal, arr] of this.values) {
      const available: (number | null)[] = new Array(slots).fill(null);
      for (let i = 0; i < this.len; i++) {
        const idx = (this.head + i) % this.cap;
        const slot = Math.floor((this.times[idx]! - gridStart) / step);
        const v = arr[idx]!;
        if (slot >= 0 && slot < slots && !Number.isNaN(v)) available[slot] = v;
      }
      signals[signal] = { available, capacity: this.capacities.get(signal) ?? null };
    }
    return { start: gridStart, intervalSeconds, signals };
  }

  /** Bytes held by the typed arrays (for the bench). */
  bytes(): number {
    return this.times.byteLength + [...this.values.values()].reduce((a, v) => a + v.byteLength, 0);
  }
}
