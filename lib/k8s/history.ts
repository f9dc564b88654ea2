// A short per-node history of every observed signal in one typed ring buffer: a column of sample
// times and one per signal (NaN = not observed in that sample). Buffers start small and
// double up to the configured length, so a 5-node lab and a 5 000-node fleet both pay only for
// what they have seen.
import type { HistorySeries } from "@/lib/dto";

export interface SignalSample {
  signal: string;
  available: number;
  capacity: number;
}

export class NodeHistory {
  // One buffer per node: column 0 holds the sample times, column 1 + i the values of signals[i],
  // each column `cap` long. A typed array costs ~600 bytes of bookkeeping besides its data, so
  // one per node instead of one per signal saves most of the memory of a young history.
  private data: Float64Array;
  private readonly signals: string[] = [];
  private readonly column = new Map<string, number>();
  private readonly capacities = new Map<string, number>();
  private cap: number;
  private head = 0; // index of the oldest sample
  private len = 0;

  constructor(
    private readonly maxSamples: number,
    initial = 16,
  ) {
    this.cap = Math.max(1, Math.min(initial, maxSamples));
    this.data = new Float64Array(this.cap);
  }

  get size(): number {
    return this.len;
  }

  /** Appends one observation (ms since epoch) of several signals; the oldest is dropped when full. */
  push(t: number, samples: readonly SignalSample[]): void {
    for (const s of samples) if (!this.column.has(s.signal)) this.addSignal(s.signal);
    if (this.len === this.cap && this.cap < this.maxSamples) this.relayout(Math.min(this.maxSamples, this.cap * 2));
    const idx = (this.head + this.len) % this.cap;
    if (this.len === this.cap) this.head = (this.head + 1) % this.cap;
    else this.len++;
    const cap = this.cap;
    this.data[idx] = t;
    for (let c = 1; c <= this.signals.length; c++) this.data[c * cap + idx] = NaN;
    for (const s of samples) {
      this.data[this.column.get(s.signal)! * cap + idx] = s.available;
      this.capacities.set(s.signal, s.capacity);
    }
  }

  private addSignal(signal: string): void {
    this.signals.push(signal);
    this.column.set(signal, this.signals.length);
    this.relayout(this.cap);
  }

  /** Copies into a buffer of `cap` samples per column for the current signals, oldest sample first. */
  private relayout(cap: number): void {
    const cols = 1 + this.signals.length;
    const dst = new Float64Array(cap * cols).fill(NaN);
    const src = this.data;
    const oldCols = src.length / this.cap;
    for (let c = 0; c < cols; c++) {
      if (c >= oldCols) continue;
      for (let i = 0; i < this.len; i++) dst[c * cap + i] = src[c * this.cap + ((this.head + i) % this.cap)]!;
    }
    for (let i = this.len; i < cap; i++) dst[i] = 0;
    this.data = dst;
    this.head = 0;
    this.cap = cap;
  }

  /** Resamples onto a regular grid of `intervalSeconds` (last sample per slot wins; gaps are null), the newest `maxSlots` slots at most. */
  series(intervalSeconds: number, maxSlots = this.maxSamples): HistorySeries {
    const step = intervalSeconds * 1000;
    if (this.len === 0) return { start: 0, intervalSeconds, signals: {} };
    const first = this.data[this.head]!;
    const last = this.data[(this.head + this.len - 1) % this.cap]!;
    const start = Math.floor(first / step) * step;
    const slots = Math.min(this.maxSamples, maxSlots, Math.floor((last - start) / step) + 1);
    const gridStart = start + Math.max(0, Math.floor((last - start) / step) + 1 - slots) * step;
    const signals: HistorySeries["signals"] = {};
    for (const signal of this.signals) {
      const base = this.column.get(signal)! * this.cap;
      const available: (number | null)[] = new Array(slots).fill(null);
      // newest first, so a short window stops early: the newest observed value of a slot wins
      for (let i = this.len - 1; i >= 0; i--) {
        const idx = (this.head + i) % this.cap;
        const slot = Math.floor((this.data[idx]! - gridStart) / step);
        if (slot < 0) break;
        const v = this.data[base + idx]!;
        if (slot < slots && available[slot] === null && !Number.isNaN(v)) available[slot] = v;
      }
      signals[signal] = { available, capacity: this.capacities.get(signal) ?? null };
    }
    return { start: gridStart, intervalSeconds, signals };
  }

  /** Bytes held by the typed array (for the bench). */
  bytes(): number {
    return this.data.byteLength;
  }
}
