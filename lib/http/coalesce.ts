// One answer shared by concurrent askers and reused for a moment: for GET /metrics, which renders
// the whole cache (~90 ms at 1 000 nodes). Ten scrapers at once (Prometheus replicas, a
// federation, an operator's curl loop) each rendered it, one after the other on the event loop,
// and /api/healthz waited ~0.9 s behind them (issue 29). Now one render is in flight at a time,
// every scrape that arrives meanwhile or within `reuseMs` after gets its text.

/** Shares one `produce()` among callers for the same key, and reuses its result for `reuseMs`. */
export class Coalescer<T> {
  private last: { key: unknown; at: number; value: Promise<T> } | undefined;

  constructor(
    private readonly reuseMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: unknown, produce: () => Promise<T>): Promise<T> {
    const l = this.last;
    // `at` is set when the value settles: a render in flight is always shared.
    if (l && l.key === key && (l.at === Infinity || this.now() - l.at < this.reuseMs)) return l.value;
    const entry = { key, at: Infinity, value: produce() };
    this.last = entry;
    entry.value.then(
      () => (entry.at = this.now()),
      () => {
        // A failed render is not reused.
        if (this.last === entry) this.last = undefined;
      },
    );
    return entry.value;
  }
}
