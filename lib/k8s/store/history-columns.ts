// Pure: how NodeHistory (history.ts) keeps a signal's column in 4 bytes a sample where that is
// exact. A signal's `available` is bytes, inodes or PIDs: the kubelet's Summary reports memory in
// whole pages and file systems in whole blocks (every real capture in tests/fixtures/real), and
// allocatable memory in whole KiB, so a byte column is a whole number of KiB and an inode or PID
// column a whole number. Such a column is stored as a uint32 of KiB (up to 4 TiB) or of units (up
// to 4 G); a value that fits neither (a fraction, a negative, −0, a 10 TiB file system) moves its
// column, and only it, to float64. Every value reads back exactly as it was pushed: 8 bytes a
// sample where it must, 4 where it can, for about 40 % less memory in a full hour of history.

/** No value in this sample (NaN when read back). */
export const NONE = 0xffffffff;

/** A column's scale: a uint32 of `scale` units (1024 or 1), or FLOAT (0) for a float64 column. */
export const FLOAT = 0;

// Tried in this order: KiB first, whose range covers any node's memory and most file systems.
const SCALES = [1024, 1] as const;

/** Whether `v` is stored exactly in a column of `scale` (NaN, "not observed", fits every column). */
export function fits(v: number, scale: number): boolean {
  if (scale === FLOAT || Number.isNaN(v)) return true;
  // −0 would read back as +0; Infinity and fractions fail the remainder.
  return v >= 0 && v % scale === 0 && v / scale < NONE && !Object.is(v, -0);
}

/** The narrowest exact scale for a column holding `values` (an iterable of its samples). */
export function scaleFor(values: Iterable<number>): number {
  let candidates: number[] = [...SCALES];
  for (const v of values) {
    candidates = candidates.filter((s) => fits(v, s));
    if (!candidates.length) return FLOAT;
  }
  return candidates[0] ?? FLOAT;
}
