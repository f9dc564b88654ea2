// A margin to a threshold as a fraction of its signal's capacity (`available − threshold` over the
// bytes, inodes or PIDs the signal measures). A signal with no capacity (no image filesystem, a
// Summary without totals) has no fraction: null, and each reader says what it shows instead.

/** margin ÷ capacity; null when the capacity is not a positive number. */
export function marginFraction(margin: number, capacity: number): number | null {
  return capacity > 0 ? margin / capacity : null;
}
