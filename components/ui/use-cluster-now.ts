"use client";

import { useEffect, useState } from "react";

/**
 * The cluster's time now, for countdowns: the document's generation time plus the time elapsed
 * since it arrived (both of those measured on the browser's clock, so a skewed browser clock
 * cancels out). Ticks every second while mounted. Without a document (null), the browser's clock;
 * without an arrival time (null: a pinned link's moment), the document's time, standing still.
 */
export function useClusterNow(documentTime: number | null, receivedAt: number | null): number {
  const [browserNow, setBrowserNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setBrowserNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  // A document newer than the last tick has 0 s elapsed (not a negative time) until the next tick.
  if (documentTime === null) return browserNow;
  return receivedAt === null ? documentTime : documentTime + Math.max(0, browserNow - receivedAt);
}
