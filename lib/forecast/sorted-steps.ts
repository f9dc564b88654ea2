// The steps a trend has accepted so far, kept sorted as they arrive. currentTrend (trend.ts) asks
// for their median and their median absolute deviation after every accepted step; sorting a copy
// each time (and a second copy of the deviations) was most of a row's recompute once a node had
// five minutes of history: 30 steps × 2 sorts, for every signal, on every Summary (500 a second
// at 5 000 nodes). Here an insertion keeps the order, the median is read off it, and the
// deviations, already in two sorted runs either side of the centre, are merged up to the middle.
// The values are the same numbers the sorts produced, so the results are identical.

export class SortedSteps {
  // A typed buffer and a count, so that inserting allocates nothing (Array's splice returns a new
  // array on every call) and clear() keeps the buffer for the next signal's steps.
  private xs = new Float64Array(32);
  private n = 0;

  get length(): number {
    return this.n;
  }

  /** Forgets every step, keeping the buffer. */
  clear(): void {
    this.n = 0;
  }

  /** Inserts a step after any equal ones. */
  add(x: number): void {
    if (this.n === this.xs.length) {
      const grown = new Float64Array(this.n * 2);
      grown.set(this.xs);
      this.xs = grown;
    }
    const xs = this.xs;
    let lo = 0;
    let hi = this.n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (xs[mid]! <= x) lo = mid + 1;
      else hi = mid;
    }
    xs.copyWithin(lo + 1, lo, this.n);
    xs[lo] = x;
    this.n++;
  }

  /** The median (the mean of the middle two for an even count); NaN when empty. */
  median(): number {
    const s = this.xs;
    const m = this.n >> 1;
    if (this.n === 0) return Number.NaN;
    return this.n % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
  }

  /** The median of |x − centre| over the steps; NaN when empty. */
  medianDeviation(centre: number): number {
    const s = this.xs;
    const n = this.n;
    if (n === 0) return Number.NaN;
    // s[0..split) are ≤ centre: their deviations shrink towards split; the rest grow from it.
    let split = 0;
    while (split < n && s[split]! <= centre) split++;
    let l = split - 1;
    let r = split;
    const m = n >> 1;
    let prev = 0;
    let cur = 0;
    for (let k = 0; k <= m; k++) {
      prev = cur;
      const dl = l >= 0 ? Math.abs(s[l]! - centre) : Infinity;
      const dr = r < n ? Math.abs(s[r]! - centre) : Infinity;
      if (dl <= dr) {
        cur = dl;
        l--;
      } else {
        cur = dr;
        r++;
      }
    }
    return n % 2 ? cur : (prev + cur) / 2;
  }
}
