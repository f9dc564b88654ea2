// The forecast tests' random numbers: a small deterministic generator (xorshift32), so a failing
// case is named by its seed and reproduced from it.

/** Numbers in [0, 1) from `seed`, the same sequence every run. */
export function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}
