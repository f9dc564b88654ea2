// Display formatting, kubectl-style: binary suffixes for bytes, millicores for cpu.
import { formatBytesHuman } from "./eviction/quantity";

/** Formats bytes as "1.5Gi" (negative values keep their sign). */
export function formatBytes(n: number): string {
  return n < 0 ? `-${formatBytesHuman(-n)}` : formatBytesHuman(n);
}

/**
 * Formats an amount of a Kubernetes resource the way kubectl describe prints it. CPU is always in
 * millicores ("1930m of 2000m", as describe's "Allocated resources" and kubectl top print it), so
 * two cpu amounts side by side never mix "1930m" with "2".
 */
export function formatResource(resource: string, n: number): string {
  if (resource === "cpu") return `${Math.round(n)}m`;
  if (resource === "memory" || resource === "ephemeral-storage" || resource.startsWith("hugepages-")) return formatBytes(n);
  return n.toLocaleString("en-US");
}

/** Formats a signal value: bytes for *.available (but pids), counts for inodes and pids. */
export function formatSignal(signal: string, n: number): string {
  if (signal === "pid.available" || signal.endsWith(".inodesFree")) return Math.round(n).toLocaleString("en-US");
  return formatBytes(n);
}

/** Formats a duration in seconds as kubectl ages do: 45s, 3m, 2h, 4d. */
export function formatAge(seconds: number | null): string {
  if (seconds == null || !Number.isFinite(seconds)) return "–";
  const s = Math.max(0, Math.round(seconds));
  if (s < 120) return `${s}s`;
  if (s < 7200) return `${Math.floor(s / 60)}m`;
  if (s < 172800) return `${Math.floor(s / 3600)}h`;
  return `${Math.floor(s / 86400)}d`;
}

/** Formats a fraction as a percentage with one decimal ("12.5%"). */
export function formatPercent(fraction: number): string {
  return `${(fraction * 100).toFixed(1).replace(/\.0$/, "")}%`;
}

/** Joins class names, skipping falsy ones. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}
