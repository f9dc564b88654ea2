// Pure: the pods' PSI averages and swap figures of a stored Summary (stored-summary.ts), packed
// beside its other numbers. Per pod 12 PSI averages ([cpu, memory, io] x [some, full] x [avg10,
// avg60], float32: the kernel prints two decimals) and 2 swap figures (usage, available; float64:
// bytes). NaN = absent. An array is null when no pod of the Summary has any of its fields, so a
// fleet of kubelets without PSI or swap pays nothing.
import type { PodStats, PsiData, PsiStats } from "@/lib/eviction";

export interface PackedPressure {
  psi: Float32Array | null;
  swap: Float64Array | null;
}

const PSI_NUMS = 12;
const SWAP_NUMS = 2;
const RESOURCES = ["cpu", "memory", "io"] as const;
const KINDS = ["some", "full"] as const;

type PodIn = {
  cpu?: { psi?: PsiStats };
  memory?: { psi?: PsiStats };
  io?: { psi?: PsiStats };
  swap?: { swapUsageBytes?: number; swapAvailableBytes?: number };
};
const num = (v: unknown): number => (typeof v === "number" ? v : NaN);

/** Packs the pods' pressure figures; the pods are the trimmed Summary's, in order. */
export function packPressure(pods: readonly PodIn[]): PackedPressure {
  let anyPsi = false;
  let anySwap = false;
  for (const p of pods) {
    anyPsi ||= !!(p.cpu?.psi || p.memory?.psi || p.io?.psi);
    anySwap ||= !!p.swap;
  }
  const psi = anyPsi ? new Float32Array(pods.length * PSI_NUMS).fill(NaN) : null;
  const swap = anySwap ? new Float64Array(pods.length * SWAP_NUMS).fill(NaN) : null;
  pods.forEach((p, i) => {
    if (psi) {
      RESOURCES.forEach((r, ri) => {
        const stats = p[r]?.psi;
        if (!stats) return;
        KINDS.forEach((k, ki) => {
          const b = i * PSI_NUMS + (ri * 2 + ki) * 2;
          psi[b] = num(stats[k]?.avg10);
          psi[b + 1] = num(stats[k]?.avg60);
        });
      });
    }
    if (swap && p.swap) {
      swap[i * SWAP_NUMS] = num(p.swap.swapUsageBytes);
      swap[i * SWAP_NUMS + 1] = num(p.swap.swapAvailableBytes);
    }
  });
  return { psi, swap };
}

const two = (v: number) => Math.round(v * 100) / 100;

/** Puts the packed figures back on expanded pods (same order), as Summary-shaped fields. */
export function unpackPressure(pods: PodStats[], packed: PackedPressure | undefined): void {
  if (!packed) return;
  const { psi, swap } = packed;
  pods.forEach((p, i) => {
    if (psi) {
      RESOURCES.forEach((r, ri) => {
        const b = i * PSI_NUMS + ri * 4;
        if ([0, 1, 2, 3].every((j) => Number.isNaN(psi[b + j]!))) return;
        const data = (o: number): PsiData => ({ avg10: two(psi[b + o]!), avg60: two(psi[b + o + 1]!) });
        const stats: PsiStats = { some: data(0), full: data(2) };
        if (r === "memory") p.memory = { ...p.memory, psi: stats };
        else p[r] = { psi: stats };
      });
    }
    if (swap && !Number.isNaN(swap[i * SWAP_NUMS]!)) {
      const available = swap[i * SWAP_NUMS + 1]!;
      p.swap = { swapUsageBytes: swap[i * SWAP_NUMS]!, ...(Number.isNaN(available) ? {} : { swapAvailableBytes: available }) };
    }
  });
}

/** The buffers to transfer (not copy) from the collection thread. */
export function pressureBuffers(packed: PackedPressure | undefined): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  if (packed?.psi) out.push(packed.psi.buffer as ArrayBuffer);
  if (packed?.swap) out.push(packed.swap.buffer as ArrayBuffer);
  return out;
}
