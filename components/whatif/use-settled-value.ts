"use client";

import { startTransition, useEffect, useState } from "react";

/**
 * Returns `value` once it has stopped changing for `ms` (at once the first time). The node page's
 * charts follow a what-if this way: re-rendering nine recharts panels costs one main-thread task of
 * ~100 ms, which must not land between two steps of a slider being dragged.
 */
export function useSettledValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(settled, value)) return;
    const t = setTimeout(() => startTransition(() => setSettled(value)), ms);
    return () => clearTimeout(t);
  }, [value, settled, ms]);
  return settled;
}
