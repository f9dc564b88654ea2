// The rule computed from history: how far memory.available falls in one housekeeping cycle. The
// eviction manager looks every 10 s (eviction_manager.go Start, monitoringInterval); a fall larger
// than the hard threshold between two looks can go from "above the threshold" to "no memory left",
// and then the kernel's OOM killer acts, not the kubelet.
import { HOUSEKEEPING_INTERVAL_SECONDS } from "../kubelet-defaults";
import { formatBytesHuman } from "../quantities/quantity";
import { mapFix, type RawConfig } from "./fix";
import { memoryHardBytes } from "./node-rules";
import type { NodeSettings } from "./settings";
import type { Finding } from "./types";

const Mi = 2 ** 20;

/** memory.available on a regular grid (lib/contract/dto HistorySeries shape): `available[i]` at `start + i × intervalSeconds` s; null = no sample. */
export interface AvailableSeries {
  start: number;
  intervalSeconds: number;
  available: readonly (number | null)[];
}

/**
 * The largest fall of memory.available between two neighbouring samples, scaled to one 10 s cycle,
 * and when it ended (Unix ms); null with fewer than two neighbouring samples or no fall.
 */
export function largestCycleDrop(series: AvailableSeries): { bytes: number; at: number } | null {
  const { available, intervalSeconds, start } = series;
  if (!(intervalSeconds > 0)) return null;
  let best: { bytes: number; at: number } | null = null;
  for (let i = 1; i < available.length; i++) {
    const a = available[i - 1];
    const b = available[i];
    if (a == null || b == null || !Number.isFinite(a) || !Number.isFinite(b)) continue;
    const drop = ((a - b) * HOUSEKEEPING_INTERVAL_SECONDS) / intervalSeconds;
    if (drop > 0 && (!best || drop > best.bytes)) best = { bytes: drop, at: start + i * intervalSeconds * 1000 };
  }
  return best;
}

/** Fires when the largest one-cycle fall of memory.available exceeds the hard threshold. */
export function hardBelowCycleDrop(
  s: NodeSettings,
  node: string | null,
  raw: RawConfig,
  series: AvailableSeries | null,
  memoryCapacity: number | null,
): Finding[] {
  const hard = memoryHardBytes(s, memoryCapacity);
  if (!series || hard === null) return [];
  const drop = largestCycleDrop(series);
  if (!drop || drop.bytes <= hard) return [];
  // Room for the largest fall seen, and half again: the next fall may be larger than the hour's worst.
  const value = `${Math.ceil((drop.bytes * 1.5) / Mi)}Mi`;
  return [
    {
      rule: "hard-below-cycle-drop",
      // a risk, not a broken setting: it bites only when the node is already near its threshold,
      // and busy nodes (a JVM starting, a batch job) fall this fast routinely
      severity: "warning",
      node,
      message: `memory.available fell by ${formatBytesHuman(drop.bytes)} in one 10 s cycle within the last hour, more than the ${formatBytesHuman(hard)} hard threshold: between two looks of the kubelet the node can run out of memory, and the kernel's OOM killer acts before any eviction.`,
      fix: mapFix(
        `Raise the memory.available hard threshold above the largest fall, for example ${value}.`,
        { evictionHard: { "memory.available": value } },
        raw,
      ),
    },
  ];
}
