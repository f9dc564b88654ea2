// A short per-node history of every observed signal in one typed ring buffer: a column of sample
// times and one per signal (NaN = not observed in that sample; 4 bytes a sample where exact,
// history-columns.ts), then one per cumulative counter (the node's PSI stall totals). Buffers start small and double up to the configured length, so a
// 5-node lab and a 5 000-node fleet both pay only for what they have seen.
import type { HistorySeries } from "@/lib/contract/dto";

import { fits, FLOAT, NONE, scaleFor } from "./history-columns";
import { ABSENT, encodeGrowth, rebuildReadings } from "./history-counters";

export interface SignalSample {
  signal: string;
  available: number;
  capacity: number;
}

/** One reading of a cumulative counter (e.g. a PSI `total` in µs). */
export interface CounterSample {
  name: string;
  value: number;
}

/** The columns a history has: shared by every node that saw the same signals and counters. */
interface Layout {
  signals: readonly string[];
  column: ReadonlyMap<string, number>; // signal → its column (1-based: column 0 is the time)
  counters: readonly string[];
  counterIndex: ReadonlyMap<string, number>;
}

// Few distinct layouts exist (the engine's signal names, the six PSI counters), and 5 000 nodes
// share them instead of holding two Maps and two arrays each.
const layouts = new Map<string, Layout>();

// A counter reading that is not a number (a broken Summary field) is skipped, not stored.
const readable = (c: CounterSample): boolean => Number.isFinite(c.value);

function layoutOf(signals: readonly string[], counters: readonly string[]): Layout {
  const key = `${signals.join("\n")}\t${counters.join("\n")}`;
  let l = layouts.get(key);
  if (!l) {
    l = {
      signals,
      column: new Map(signals.map((s, i) => [s, i + 1])),
      counters,
      counterIndex: new Map(counters.map((c, j) => [c, j])),
    };
    layouts.set(key, l);
  }
  return l;
}

export class NodeHistory {
  // One buffer per node (a typed array costs ~600 bytes of bookkeeping besides its data): float64
  // [capacity of each signal, newest reading of each counter, the sample times (`cap` long), the
  // signal columns that need 8 bytes], uint32 [the signal columns that fit 4 bytes exactly,
  // history-columns.ts], then uint16 [one column per counter: its growth, history-counters.ts].
  private f64: Float64Array;
  private u32: Uint32Array;
  private u16: Uint16Array;
  private layout = layoutOf([], []);
  // Per signal, in the layout's order: its column's scale (FLOAT: float64) and where the column
  // starts in f64 or u32. Per node: one node's memory may be a float64 column, another's not.
  private scales: number[] = [];
  private starts: number[] = [];
  private cap: number;
  private head = 0; // index of the oldest sample
  private len = 0;

  constructor(
    private readonly maxSamples: number,
    initial = 16,
  ) {
    this.cap = Math.max(1, Math.min(initial, maxSamples));
    this.f64 = new Float64Array(this.cap);
    this.u32 = new Uint32Array(this.f64.buffer, this.f64.byteLength, 0);
    this.u16 = new Uint16Array(this.f64.buffer, this.f64.byteLength, 0);
  }

  get size(): number {
    return this.len;
  }

  /** Whether any counter was ever recorded. */
  get hasCounters(): boolean {
    return this.layout.counters.length > 0;
  }

  // Where the sample times start in f64, after one capacity per signal and one base per counter.
  private get meta(): number {
    return this.layout.signals.length + this.layout.counters.length;
  }

  /** Signal `i`'s value in ring slot `idx` (NaN: not observed then). */
  private value(i: number, idx: number): number {
    const scale = this.scales[i]!;
    const at = this.starts[i]! + idx;
    if (scale === FLOAT) return this.f64[at]!;
    const u = this.u32[at]!;
    return u === NONE ? NaN : u * scale;
  }

  /** Appends one observation (ms since epoch) of several signals and counters; the oldest is dropped when full. */
  push(t: number, samples: readonly SignalSample[], counters: readonly CounterSample[] = []): void {
    // Checked without allocating: this runs on every Summary of every node.
    if (
      samples.some((s) => !this.layout.column.has(s.signal)) ||
      counters.some((c) => readable(c) && !this.layout.counterIndex.has(c.name))
    )
      this.extend(samples, counters);
    for (const s of samples) {
      const i = this.layout.column.get(s.signal)! - 1;
      if (!fits(s.available, this.scales[i]!)) this.widen(i, s.available);
    }
    if (this.len === this.cap && this.cap < this.maxSamples)
      this.relayout(this.layout, Math.min(this.maxSamples, this.cap * 2), this.scales);
    const idx = (this.head + this.len) % this.cap;
    if (this.len === this.cap) this.head = (this.head + 1) % this.cap;
    else this.len++;
    const { meta, layout, f64, u32, scales, starts } = this;
    f64[meta + idx] = t;
    for (let i = 0; i < layout.signals.length; i++) put(f64, u32, scales[i]!, starts[i]! + idx, NaN);
    for (let j = 0; j < layout.counters.length; j++) this.u16[j * this.cap + idx] = ABSENT;
    for (const s of samples) {
      const i = layout.column.get(s.signal)! - 1;
      put(f64, u32, scales[i]!, starts[i]! + idx, s.available);
      f64[i] = s.capacity;
    }
    for (const c of counters) {
      if (!readable(c)) continue;
      const j = layout.counterIndex.get(c.name)!;
      const last = layout.signals.length + j;
      this.u16[j * this.cap + idx] = encodeGrowth(c.value, f64[last]!);
      f64[last] = c.value;
    }
  }

  /** Adds the columns of the samples and readable counters seen for the first time, each as narrow as its first values allow. */
  private extend(samples: readonly SignalSample[], counters: readonly CounterSample[]): void {
    const old = this.layout;
    const signals = [...new Set(samples.map((s) => s.signal).filter((name) => !old.column.has(name)))];
    const scales = signals.map((name) => scaleFor(samples.filter((s) => s.signal === name).map((s) => s.available)));
    const names = counters.filter((c) => readable(c) && !old.counterIndex.has(c.name)).map((c) => c.name);
    this.relayout(layoutOf([...old.signals, ...signals], [...old.counters, ...names]), this.cap, [...this.scales, ...scales]);
  }

  /** Moves signal `i`'s column to a scale that holds its values and `v` exactly (rare: see history-columns.ts). */
  private widen(i: number, v: number): void {
    const values = [v];
    for (let k = 0; k < this.len; k++) values.push(this.value(i, (this.head + k) % this.cap));
    const scales = [...this.scales];
    scales[i] = scaleFor(values);
    this.relayout(this.layout, this.cap, scales);
  }

  /** Copies into a buffer of `cap` samples per column for `layout` (a superset of the current one) and `scales`, oldest sample first. */
  private relayout(layout: Layout, cap: number, scales: number[]): void {
    const old = this.layout;
    const meta = layout.signals.length + layout.counters.length;
    const starts: number[] = [];
    let floats = meta + cap; // the capacities, newest readings and times come first
    let narrow = 0;
    for (const scale of scales) {
      starts.push(scale === FLOAT ? floats : narrow);
      if (scale === FLOAT) floats += cap;
      else narrow += cap;
    }
    const buf = new ArrayBuffer(floats * 8 + narrow * 4 + cap * layout.counters.length * 2);
    const f64 = new Float64Array(buf, 0, floats).fill(NaN);
    const u32 = new Uint32Array(buf, floats * 8, narrow).fill(NONE);
    const u16 = new Uint16Array(buf, floats * 8 + narrow * 4, cap * layout.counters.length).fill(ABSENT);
    // capacities and newest readings keep their index within their own group
    for (let c = 0; c < old.signals.length; c++) f64[c] = this.f64[c]!;
    for (let j = 0; j < old.counters.length; j++) f64[layout.signals.length + j] = this.f64[old.signals.length + j]!;
    const oldMeta = this.meta;
    for (let k = 0; k < this.len; k++) {
      const from = (this.head + k) % this.cap;
      f64[meta + k] = this.f64[oldMeta + from]!;
      for (let i = 0; i < old.signals.length; i++) put(f64, u32, scales[i]!, starts[i]! + k, this.value(i, from));
      for (let j = 0; j < old.counters.length; j++) u16[j * cap + k] = this.u16[j * this.cap + from]!;
    }
    for (let k = this.len; k < cap; k++) f64[meta + k] = 0;
    this.f64 = f64;
    this.u32 = u32;
    this.u16 = u16;
    this.layout = layout;
    this.scales = scales;
    this.starts = starts;
    this.cap = cap;
    this.head = 0;
  }

  /** The signals resampled onto a regular grid of `intervalSeconds` (last sample per slot wins; gaps are null), the newest `maxSlots` slots at most. */
  series(intervalSeconds: number, maxSlots = this.maxSamples): HistorySeries {
    const columns = this.layout.signals.map((signal, i) => {
      const capacity = this.f64[i]!;
      return { name: signal, capacity: Number.isNaN(capacity) ? null : capacity, at: (idx: number) => this.value(i, idx) };
    });
    return this.resample(intervalSeconds, maxSlots, columns);
  }

  /** The counters on the same grid (capacity null), or undefined when none was recorded. */
  counterSeries(intervalSeconds: number, maxSlots = this.maxSamples): HistorySeries | undefined {
    const { signals, counters } = this.layout;
    if (!counters.length) return undefined;
    const columns = counters.map((name, j) => {
      // the ring in sample order, oldest first, then rebuilt from the newest reading
      const samples = new Uint16Array(this.len);
      for (let i = 0; i < this.len; i++) samples[i] = this.u16[j * this.cap + ((this.head + i) % this.cap)]!;
      const readings = rebuildReadings(samples, this.f64[signals.length + j]!);
      return { name, capacity: null, at: (idx: number) => readings[(idx - this.head + this.cap) % this.cap]! };
    });
    return this.resample(intervalSeconds, maxSlots, columns);
  }

  private resample(
    intervalSeconds: number,
    maxSlots: number,
    columns: { name: string; capacity: number | null; at: (idx: number) => number }[],
  ): HistorySeries {
    const step = intervalSeconds * 1000;
    if (this.len === 0) return { start: 0, intervalSeconds, signals: {} };
    const time = (idx: number) => this.f64[this.meta + idx]!;
    const first = time(this.head);
    const last = time((this.head + this.len - 1) % this.cap);
    const start = Math.floor(first / step) * step;
    const slots = Math.min(this.maxSamples, maxSlots, Math.floor((last - start) / step) + 1);
    const gridStart = start + Math.max(0, Math.floor((last - start) / step) + 1 - slots) * step;
    const signals: HistorySeries["signals"] = {};
    for (const col of columns) {
      const available: (number | null)[] = new Array(slots).fill(null);
      // newest first, so a short window stops early: the newest observed value of a slot wins
      for (let i = this.len - 1; i >= 0; i--) {
        const idx = (this.head + i) % this.cap;
        const slot = Math.floor((time(idx) - gridStart) / step);
        if (slot < 0) break;
        const v = col.at(idx);
        if (slot < slots && available[slot] === null && !Number.isNaN(v)) available[slot] = v;
      }
      signals[col.name] = { available, capacity: col.capacity };
    }
    return { start: gridStart, intervalSeconds, signals };
  }

  /** Bytes held by the typed arrays (for the bench). */
  bytes(): number {
    return this.f64.buffer.byteLength;
  }

  /** Bytes the buffer will hold once it has `maxSamples` samples of the current columns (for the bench). */
  bytesWhenFull(): number {
    const { signals, counters } = this.layout;
    const floats = this.scales.filter((s) => s === FLOAT).length;
    const n = this.maxSamples;
    return (
      (signals.length + counters.length + n * (1 + floats)) * 8 + n * (signals.length - floats) * 4 + n * counters.length * 2
    );
  }
}

/** Writes `v` at `at` in the column of `scale`: f64, or u32 in units of the scale (NONE for NaN). */
function put(f64: Float64Array, u32: Uint32Array, scale: number, at: number, v: number): void {
  if (scale === FLOAT) f64[at] = v;
  else u32[at] = Number.isNaN(v) ? NONE : v / scale;
}
