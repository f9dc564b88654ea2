"use client";

import type { ReactNode } from "react";

import { useClusterNow } from "./use-cluster-now";

interface TickingProps {
  /** The document's time on the cluster clock (ms). */
  from: number;
  /** When the document arrived (browser ms); null for a pinned view, whose clock stands still. */
  receivedAt: number | null;
  children: (now: number) => ReactNode;
}

/** Re-renders only its children every second with the cluster time now, so a countdown does not re-render the charts around it. */
export function Ticking({ from, receivedAt, children }: TickingProps) {
  return <>{children(useClusterNow(from, receivedAt))}</>;
}
