// Quantities, kubectl-style: binary suffixes for bytes, millicores for cpu (in the UI and the CLI
// alike: "4000m", never "4" in one place and "4000m" in another), counts with their unit.
import { formatBytesHuman } from "@/lib/eviction/client";

import { formatCount, formatCountOf } from "./counts";

/** Formats bytes as "1.5Gi" (negative values keep their sign). */
export function formatBytes(n: number): string {
  return n < 0 ? `-${formatBytesHuman(-n)}` : formatBytesHuman(n);
}

/** Formats millicores as "1930m", whatever their size, so two cpu amounts side by side never mix "1930m" with "2". */
function formatCpu(millicores: number): string {
  return `${Math.round(millicores)}m`;
}

/**
 * Formats an amount of a Kubernetes resource the way kubectl describe prints it. CPU is always in
 * millicores ("1930m of 2000m", as describe's "Allocated resources" and kubectl top print it).
 */
export function formatResource(resource: string, n: number): string {
  if (resource === "cpu") return formatCpu(n);
  if (resource === "memory" || resource === "ephemeral-storage" || resource.startsWith("hugepages-")) return formatBytes(n);
  return formatCount(n);
}

/** The unit a count signal counts; null for the byte signals. */
function signalCountUnit(signal: string): "pid" | "inode" | null {
  if (signal === "pid.available") return "pid";
  if (signal.endsWith(".inodesFree")) return "inode";
  return null;
}

/** Formats a signal value: bytes for *.available ("1.5Gi"), counts with their unit for pids and inodes ("14 inodes"). */
export function formatSignal(signal: string, n: number): string {
  const unit = signalCountUnit(signal);
  return unit ? formatCountOf(n, unit) : formatBytes(n);
}

/** Formats a PSI stall share (the kernel's avg fields, in percent) as the kernel prints it: 75.83 → "75.83%"; "–" when absent. */
export function formatStall(v: number | null | undefined): string {
  return v == null ? "–" : `${v.toFixed(2)}%`;
}

/** Formats a fraction as a percentage with one decimal ("12.5%"). */
export function formatPercent(fraction: number): string {
  return `${(fraction * 100).toFixed(1).replace(/\.0$/, "")}%`;
}
