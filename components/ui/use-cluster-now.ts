"use client";

import { useEffect, useState } from "react";

/**
 * The cluster's time now, for countdowns: the document's generation time plus the time elapsed
 * since it arrived (both of those measured on the browser's clock, so a skewed browser clock
 * cancels out). Ticks every second while mounted.
 */
export function useClusterNow(documentTime: number, receivedAt: number): number {
  const [elapsed, setElapsed] = useState(() => Math.max(0, Date.now() - receivedAt));
  useEffect(() => {
    setElapsed(Math.max(0, Date.now() - receivedAt));
    const id = setInterval(() => setElapsed(Math.max(0, Date.now() - receivedAt)), 1000);
    return () => clearInterval(id);
  }, [receivedAt]);
  return documentTime + elapsed;
}

/** Formats a cluster time as the reader's local 24-hour clock, "14:57:40". */
export function localClock(ms: number): string {
  return new Date(ms).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit", hour12: false });
}
