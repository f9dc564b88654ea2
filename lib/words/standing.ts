// Phrases that more than one sentence builder says, written once so the CLI, the node page, the
// what-if and the forecast never word one fact two ways.
import { formatPercent, formatSignal } from "@/lib/format";

/** Where there is no Summary yet (a node just joined, a kubelet not reached). */
export const NO_SUMMARY_YET = "No Summary API data yet";

/** The ranking table's tag for a pod whose usage is above its request. */
export const OVER_REQUEST_TAG = "(over its request)";

/** "291Mi over its request" or "within its request", from how far usage is above the request (≤ 0: within). */
export function requestStanding(signal: string, overBy: number): string {
  return overBy > 0 ? `${formatSignal(signal, overBy)} over its request` : "within its request";
}

/** The signal nearest to a threshold, as a fraction of its capacity; null when no threshold applies. */
export interface ClosestThreshold {
  signal: string;
  fraction: number;
}

/** The no-pressure sentence of the CLI's verdict and the node page's live verdict alike. */
export function noPressureSentence(c: ClosestThreshold | null): string {
  if (c == null) return "No pressure; no eviction threshold is configured for the observed signals.";
  return `No pressure; the closest threshold is ${c.signal} with ${formatPercent(c.fraction)} margin.`;
}
