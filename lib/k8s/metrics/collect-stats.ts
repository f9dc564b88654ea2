import "server-only";

// Running totals of kubelet collection for /metrics: a latency histogram and outcome counters,
// updated by the cache's collector sink. Fixed buckets, no per-node state: O(1) memory.

/** Upper bounds (seconds) of the collection-latency histogram. */
export const LATENCY_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class CollectStats {
  readonly buckets = new Array<number>(LATENCY_BUCKETS.length).fill(0);
  count = 0;
  sumSeconds = 0;
  failures = 0;

  /** Records a successful Summary collection that took `ms`. */
  ok(ms: number): void {
    const s = Math.max(0, ms) / 1000;
    this.count++;
    this.sumSeconds += s;
    for (let i = 0; i < LATENCY_BUCKETS.length; i++) if (s <= LATENCY_BUCKETS[i]!) this.buckets[i]!++;
  }

  /** Records a failed Summary collection. */
  failed(): void {
    this.failures++;
  }
}
