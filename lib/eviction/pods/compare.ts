/** A three-way comparison: negative puts `a` first, positive puts `b` first, 0 leaves it to the next. */
export type Comparator<T> = (a: T, b: T) => number;

/** Orders by the first comparator that decides; the last one decides alone (kubelet `orderedBy`). */
export function orderedBy<T>(...cmps: Comparator<T>[]): Comparator<T> {
  // The rank functions chain two or three comparators and run for every pair a sort compares:
  // fixed chains let the engine inline them instead of looping over an array of closures.
  if (cmps.length === 2) {
    const [first, second] = cmps as [Comparator<T>, Comparator<T>];
    return (a, b) => {
      const r = first(a, b);
      return r !== 0 ? r : second(a, b);
    };
  }
  if (cmps.length === 3) {
    const [first, second, third] = cmps as [Comparator<T>, Comparator<T>, Comparator<T>];
    return (a, b) => {
      let r = first(a, b);
      if (r !== 0) return r;
      r = second(a, b);
      return r !== 0 ? r : third(a, b);
    };
  }
  return (a, b) => {
    for (const cmp of cmps) {
      const r = cmp(a, b);
      if (r !== 0) return r;
    }
    return 0;
  };
}

/** Puts `true` first (kubelet `cmpBool`). */
export function byBool(a: boolean, b: boolean): number {
  if (a === b) return 0;
  return a ? -1 : 1;
}

/** Sorts a copy with a stable sort, like Go's insertion sort for the ≤ 12 pods of a typical tie. */
export function sortedBy<T>(items: readonly T[], cmp: Comparator<T>): T[] {
  return items.toSorted(cmp);
}
