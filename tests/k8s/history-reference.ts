// The per-node history as it was before its signal columns were kept in 4 bytes where exact
// (commit 7141899, lib/k8s/store/history.ts), kept verbatim as the oracle of history-compact.test.ts:
// the compact buffer must give back exactly what this one gives for any sequence of samples.
// A short per-node history of every observed signal in one typed ring buffer: a column of sample
// times and one per signal (NaN = not observed in that sample), then one per cumulative counter
// (the node's PSI stall totals). Buffers start small and double up to the configured length, so a
// 5-node lab and a 5 000-node fleet both pay only for what they have seen.
import type { HistorySeries } from "@/lib/contract/dto";
import { ABSENT, encodeGrowth, rebuildReadings } from "@/lib/k8s/store/history-counters";

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

export class ReferenceNodeHistory {
  // One buffer per node (a typed array costs ~600 bytes of bookkeeping besides its data): float64
  // [capacity of each signal, newest reading of each counter, then columns `cap` long: the sample
  // times and one per signal], then uint16 [one column per counter: its growth, history-counters.ts].
  private f64: Float64Array;
  private u16: Uint16Array;
  private layout = layoutOf([], []);
  private cap: number;
  private head = 0; // index of the oldest sample
  private len = 0;

  constructor(
    private readonly maxSamples: number,
    initial = 16,
  ) {
    this.cap = Math.max(1, Math.min(initial, maxSamples));
    this.f64 = new Float64Array(this.cap);
    this.u16 = new Uint16Array(this.f64.buffer, this.f64.byteLength, 0);
  }

  get size(): number {
    return this.len;
  }

  /** Whether any counter was ever recorded. */
  get hasCounters(): boolean {
    return this.layout.counters.length > 0;
  }

  // Where the columns start in f64, after one capacity per signal and one base per counter.
  private get meta(): number {
    return this.layout.signals.length + this.layout.counters.length;
  }

  /** Appends one observation (ms since epoch) of several signals and counters; the oldest is dropped when full. */
  push(t: number, samples: readonly SignalSample[], counters: readonly CounterSample[] = []): void {
    const { column, counterIndex } = this.layout;
    // Checked without allocating: this runs on every Summary of every node.
    if (samples.some((s) => !column.has(s.signal)) || counters.some((c) => readable(c) && !counterIndex.has(c.name)))
      this.extend(samples, counters);
    if (this.len === this.cap && this.cap < this.maxSamples) this.relayout(this.layout, Math.min(this.maxSamples, this.cap * 2));
    const idx = (this.head + this.len) % this.cap;
    if (this.len === this.cap) this.head = (this.head + 1) % this.cap;
    else this.len++;
    const { cap, meta, layout } = this;
    this.f64[meta + idx] = t;
    for (let c = 1; c <= layout.signals.length; c++) this.f64[meta + c * cap + idx] = NaN;
    for (let j = 0; j < layout.counters.length; j++) this.u16[j * cap + idx] = ABSENT;
    for (const s of samples) {
      const c = layout.column.get(s.signal)!;
      this.f64[meta + c * cap + idx] = s.available;
      this.f64[c - 1] = s.capacity;
    }
    for (const c of counters) {
      if (!readable(c)) continue;
      const j = layout.counterIndex.get(c.name)!;
      const last = layout.signals.length + j;
      this.u16[j * cap + idx] = encodeGrowth(c.value, this.f64[last]!);
      this.f64[last] = c.value;
    }
  }

  /** Adds the columns of the samples and readable counters seen for the first time. */
  private extend(samples: readonly SignalSample[], counters: readonly CounterSample[]): void {
    const old = this.layout;
    const signals = samples.map((s) => s.signal).filter((name) => !old.column.has(name));
    const names = counters.filter((c) => readable(c) && !old.counterIndex.has(c.name)).map((c) => c.name);
    this.relayout(layoutOf([...old.signals, ...signals], [...old.counters, ...names]), this.cap);
  }

  /** Copies into a buffer of `cap` samples per column for `layout` (a superset of the current one), oldest sample first. */
  private relayout(layout: Layout, cap: number): void {
    const old = this.layout;
    const meta = layout.signals.length + layout.counters.length;
    const cols = 1 + layout.signals.length;
    const buf = new ArrayBuffer((meta + cap * cols) * 8 + cap * layout.counters.length * 2);
    const f64 = new Float64Array(buf, 0, meta + cap * cols).fill(NaN);
    const u16 = new Uint16Array(buf, f64.byteLength, cap * layout.counters.length).fill(ABSENT);
    // capacities and newest readings keep their index within their own group
    for (let c = 0; c < old.signals.length; c++) f64[c] = this.f64[c]!;
    for (let j = 0; j < old.counters.length; j++) f64[layout.signals.length + j] = this.f64[old.signals.length + j]!;
    const oldMeta = this.meta;
    for (let i = 0; i < this.len; i++) {
      const from = (this.head + i) % this.cap;
      for (let c = 0; c <= old.signals.length; c++) f64[meta + c * cap + i] = this.f64[oldMeta + c * this.cap + from]!;
      for (let j = 0; j < old.counters.length; j++) u16[j * cap + i] = this.u16[j * this.cap + from]!;
    }
    for (let i = this.len; i < cap; i++) f64[meta + i] = 0;
    this.f64 = f64;
    this.u16 = u16;
    this.layout = layout;
    this.head = 0;
    this.cap = cap;
  }

  /** The signals resampled onto a regular grid of `intervalSeconds` (last sample per slot wins; gaps are null), the newest `maxSlots` slots at most. */
  series(intervalSeconds: number, maxSlots = this.maxSamples): HistorySeries {
    const columns = this.layout.signals.map((signal, i) => {
      const start = this.meta + (i + 1) * this.cap;
      const capacity = this.f64[i]!;
      return { name: signal, capacity: Number.isNaN(capacity) ? null : capacity, at: (idx: number) => this.f64[start + idx]! };
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
    return (
      (signals.length + counters.length + this.maxSamples * (1 + signals.length)) * 8 + this.maxSamples * counters.length * 2
    );
  }
}
