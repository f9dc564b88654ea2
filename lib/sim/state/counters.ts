// Request counters by path class, read by tests to prove that N dashboard viewers do not turn
// into N times the API server and kubelet traffic.

export class Counters {
  private readonly counts = new Map<string, number>();

  /** Adds one to a class and to each of its dotted prefixes ("apiserver.list.pods" also counts "apiserver.list"). */
  inc(cls: string): void {
    const parts = cls.split(".");
    for (let i = 1; i <= parts.length; i++) {
      const k = parts.slice(0, i).join(".");
      this.counts.set(k, (this.counts.get(k) ?? 0) + 1);
    }
  }

  /** Returns the count of a class (0 when never seen). */
  get(cls: string): number {
    return this.counts.get(cls) ?? 0;
  }

  /** Returns every class and its count. */
  snapshot(): Record<string, number> {
    return Object.fromEntries([...this.counts].sort(([a], [b]) => a.localeCompare(b)));
  }

  /** Sets every count back to zero. */
  reset(): void {
    this.counts.clear();
  }
}
