// Counts: thousands grouped the same way for every reader ("4,194,304"), with their unit when the
// number alone does not say what it counts ("frees 14 inodes", "3 pods").

const grouped = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** Formats a whole count with thousands separators: 4194304 → "4,194,304" (rounded; negative keeps its sign). */
export function formatCount(n: number): string {
  return Number.isFinite(n) ? grouped.format(Math.round(n)) : String(n);
}

/** Formats a count with its unit, singular for exactly one: (14, "inode") → "14 inodes", (1, "pid") → "1 pid". */
export function formatCountOf(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${Math.abs(Math.round(n)) === 1 ? one : many}`;
}
