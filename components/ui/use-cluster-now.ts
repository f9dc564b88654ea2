"use client";

import { useEffect, useState } from "react";

/**
 * The cluster's time now, for countdowns: the document's generation time plus the time elapsed
 * since it arrived (both of those measured on the browser's clock, so a skewed browser clock
 * cancels out). Ticks every second while mounted. Without a document (null), the browser's clock.
 */
export function useClusterNow(documentTime: number | null, receivedAt: number): number {
  const [browserNow, setBrowserNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setBrowserNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  // A document newer than the last tick has 0 s elapsed (not a negative time) until the next tick.
  return documentTime === null ? browserNow : documentTime + Math.max(0, browserNow - receivedAt);
}

/** Formats a cluster time as the reader's local 24-hour clock, "14:57:40". */
export function localClock(ms: number): string {
  return new Date(ms).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit", hour12: false });
}
