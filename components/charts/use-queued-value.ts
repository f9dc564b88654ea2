"use client";

import { startTransition, useEffect, useState } from "react";

// Charts that must follow new data follow it one per task: recharts renders a chart and then
// re-renders it from its own store in the same commit, so nine charts updated together are one
// main-thread task of ~100 ms (a slider would stutter), while one chart at a time stays well under
// the 50 ms of a long task.
const queue: (() => void)[] = [];
let scheduled = false;

function flushOne() {
  scheduled = false;
  queue.shift()?.();
  if (queue.length > 0) schedule();
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  setTimeout(flushOne, 0);
}

/** Returns `value` at once on mount; later changes arrive in a task of their own, one queued value per task. */
export function useQueuedValue<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (Object.is(shown, value)) return;
    let current = true;
    queue.push(() => {
      if (current) startTransition(() => setShown(value));
    });
    schedule();
    return () => void (current = false);
  }, [value, shown]);
  return shown;
}
