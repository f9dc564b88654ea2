// Pure: a few order statistics of an array of numbers without sorting it. theilSen (projection.ts)
// needs four ranks of up to 435 pairwise slopes (30 samples), for every signal of every node on
// every Summary: sorting them all was most of a trend's cost. Quickselect moves each wanted rank
// into place in linear time; the values are those a sort would put there, the sign of a zero
// included (Float64Array's sort puts -0 before +0, and comparisons cannot tell them apart).

/** Moves the k-th smallest of a[left..right] to a[k], smaller ones before it and larger after. */
function select(a: Float64Array, left: number, right: number, k: number): void {
  while (right > left) {
    const x = a[left]!;
    const y = a[(left + right) >> 1]!;
    const z = a[right]!;
    // median of three: one of the range's own values, so both scans below stop
    const p = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    let i = left;
    let j = right;
    while (i <= j) {
      while (a[i]! < p) i++;
      while (a[j]! > p) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    // a[left..j] <= p <= a[i..right]; anything between j and i equals p and is in place
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else return;
  }
}

/**
 * The values at `ranks` (0-based) of `a` as `a.sort()` would order it; `a` is reordered. Returns
 * null when `a` holds a NaN (a sort puts those last; the caller sorts instead).
 */
export function valuesAtRanks(a: Float64Array, ranks: readonly number[]): Map<number, number> | null {
  for (let i = 0; i < a.length; i++) if (a[i] !== a[i]) return null;
  const wanted = [...new Set(ranks)].sort((p, q) => p - q);
  const out = new Map<number, number>();
  let left = 0;
  let zero = false;
  for (const r of wanted) {
    select(a, left, a.length - 1, r);
    out.set(r, a[r]!);
    if (a[r] === 0) zero = true;
    left = r + 1;
  }
  if (zero) {
    // sorted, the zeros sit after the negatives, the -0s first
    let negatives = 0;
    let negativeZeros = 0;
    for (let i = 0; i < a.length; i++) {
      if (a[i]! < 0) negatives++;
      else if (Object.is(a[i], -0)) negativeZeros++;
    }
    for (const r of wanted) if (out.get(r) === 0) out.set(r, r < negatives + negativeZeros ? -0 : 0);
  }
  return out;
}
