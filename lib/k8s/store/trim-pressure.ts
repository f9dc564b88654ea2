// Pure: the PSI and swap fields of a Summary that the cache keeps (lib/eviction/pressure-types.ts
// has the upstream shapes and units). The node keeps them whole (one object per node). A pod keeps
// avg10 and avg60 of each resource and kind, and its swap figures: what the node page's eviction
// table shows; pod totals and avg300 are dropped (the engine then reports them as null).
import type { PsiData, PsiStats, SwapStats } from "@/lib/eviction";

/** A raw or trimmed Summary stats object, read field by field (the kubelet's JSON, unchecked). */
export interface RawStats {
  cpu?: { psi?: unknown } & Record<string, unknown>;
  memory?: { psi?: unknown } & Record<string, unknown>;
  io?: { psi?: unknown };
  swap?: unknown;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function swapOf(v: unknown): SwapStats | undefined {
  if (!isObj(v)) return undefined;
  const out: SwapStats = {};
  if (v.swapUsageBytes !== undefined) out.swapUsageBytes = v.swapUsageBytes as number;
  if (v.swapAvailableBytes !== undefined) out.swapAvailableBytes = v.swapAvailableBytes as number;
  return out;
}

/** Copies the node's PSI (whole) and swap from the raw Summary node onto its trimmed copy. */
export function keepNodePressure(trimmed: Record<string, unknown>, raw: RawStats): void {
  if (raw.cpu?.psi !== undefined) trimmed.cpu = { ...(trimmed.cpu as object | undefined), psi: raw.cpu.psi };
  if (raw.memory?.psi !== undefined) trimmed.memory = { ...(trimmed.memory as object | undefined), psi: raw.memory.psi };
  if (isObj(raw.io) && raw.io.psi !== undefined) trimmed.io = { psi: raw.io.psi };
  const swap = swapOf(raw.swap);
  if (swap) trimmed.swap = swap;
}

const short = (d: unknown): PsiData | undefined =>
  isObj(d) ? { avg10: d.avg10 as number, avg60: d.avg60 as number } : undefined;
const shortPsi = (p: unknown): PsiStats | undefined =>
  isObj(p) ? { some: short(p.some), full: short(p.full) } : p === null ? undefined : (p as undefined);

/**
 * Copies a pod's PSI averages (avg10, avg60) and swap from the raw Summary pod onto its trimmed
 * copy. `asSent`: the raw PSI objects themselves, not copies of their averages, for a trimmed
 * Summary that is packed at once (packSummary keeps only the averages): the collection thread then
 * builds a dozen fewer objects per pod, and validates every PSI field the kubelet sent.
 */
export function keepPodPressure(trimmed: Record<string, unknown>, raw: RawStats, asSent = false): void {
  const psiOf = asSent ? (p: unknown) => p as PsiStats : shortPsi;
  if (isObj(raw.cpu?.psi)) trimmed.cpu = { psi: psiOf(raw.cpu.psi) };
  if (isObj(raw.memory?.psi)) trimmed.memory = { ...(trimmed.memory as object | undefined), psi: psiOf(raw.memory.psi) };
  if (isObj(raw.io) && raw.io.psi != null) trimmed.io = { psi: isObj(raw.io.psi) ? psiOf(raw.io.psi) : raw.io.psi };
  const swap = swapOf(raw.swap);
  if (swap) trimmed.swap = swap;
}
