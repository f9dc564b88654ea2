// Time and chance for the data layer's schedulers (collector, cache, reflectors): the process's
// own by default, a manual clock and a fixed random source in tests, so a test moves time by hand
// instead of sleeping and knows exactly when each kubelet is polled next.

/** A scheduled callback; cancel() is a no-op once it ran. */
export interface Timer {
  cancel(): void;
}

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Runs `fn` once `ms` have passed. `background`: does not keep the process alive by itself. */
  after(ms: number, fn: () => void, background?: boolean): Timer;
}

/** A number in [0, 1), as Math.random. */
export type Random = () => number;

export const realClock: Clock = {
  now: () => Date.now(),
  after(ms, fn, background = false) {
    const t = setTimeout(fn, ms);
    if (background) t.unref();
    return { cancel: () => clearTimeout(t) };
  },
};

export const realRandom: Random = () => Math.random();

/** Always the same draw: `fixedRandom(0.5)` makes every ±x % jitter exactly 0. */
export const fixedRandom =
  (value: number): Random =>
  () =>
    value;

interface Scheduled {
  at: number;
  seq: number;
  fn: () => void;
  done: boolean;
}

/** A clock only `advance` moves; timers run in due order (ties in scheduling order). */
export class ManualClock implements Clock {
  private current: number;
  private seq = 0;
  private readonly timers: Scheduled[] = [];

  constructor(start = Date.parse("2026-01-01T00:00:00Z")) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  after(ms: number, fn: () => void): Timer {
    const t: Scheduled = { at: this.current + Math.max(0, ms), seq: this.seq++, fn, done: false };
    this.timers.push(t);
    return { cancel: () => void (t.done = true) };
  }

  /** Timers not yet run nor cancelled. */
  get pending(): number {
    return this.timers.filter((t) => !t.done).length;
  }

  /** Moves time forward by `ms`, running each timer due by then at its own time, including timers those schedule. */
  advance(ms: number): void {
    const target = this.current + ms;
    for (;;) {
      let next: Scheduled | undefined;
      for (const t of this.timers)
        if (!t.done && t.at <= target && (!next || t.at < next.at || (t.at === next.at && t.seq < next.seq))) next = t;
      if (!next) break;
      next.done = true;
      this.current = Math.max(this.current, next.at);
      next.fn();
    }
    this.current = target;
    for (let i = this.timers.length - 1; i >= 0; i--) if (this.timers[i]!.done) this.timers.splice(i, 1);
  }
}
