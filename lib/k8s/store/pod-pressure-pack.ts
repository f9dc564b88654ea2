// Pure: the pods' PSI averages and swap figures of a stored Summary (stored-summary.ts), packed
// into the same buffer as its other numbers: one allocation and one transfer per Summary, not
// three (each typed array costs a few hundred bytes besides its data; at 5 000 nodes that is MiBs).
// Per pod 2 swap figures (usage, available; float64: bytes), then per pod 12 PSI averages
// ([cpu, memory, io] x [some, full] x [avg10, avg60]) as hundredths of a percent in a uint16: the
// kernel prints the averages with two decimals (kernel/sched/psi.c psi_show, "avg10=%lu.%02lu"),
// so 0.00–100.00 is kept exactly in 2 bytes instead of 8. A section is absent when no pod of the
// Summary has any of its fields, so a fleet of kubelets without PSI or swap pays nothing.
import type { PodStats, PsiData, PsiStats } from "@/lib/eviction";

export interface PackedPressure {
  psi: Uint16Array | null;
  swap: Float64Array | null;
  /** Every pod reports 0 swap used of 0 available (a node without swap, as every kubelet since 1.28 says): kept as this flag, not as numbers. */
  noSwap?: true;
}

const PSI_NUMS = 12;
const SWAP_NUMS = 2;
/** Marks an absent average, or one no kernel prints (negative, not a number, or above 655.34 %). */
const ABSENT = 0xffff;
const RESOURCES = ["cpu", "memory", "io"] as const;
const KINDS = ["some", "full"] as const;

type PodIn = {
  cpu?: { psi?: PsiStats };
  memory?: { psi?: PsiStats };
  io?: { psi?: PsiStats };
  swap?: { swapUsageBytes?: number; swapAvailableBytes?: number };
};
const num = (v: unknown): number => (typeof v === "number" ? v : NaN);

function hundredths(v: unknown): number {
  const h = typeof v === "number" ? Math.round(v * 100) : NaN;
  return h >= 0 && h < ABSENT ? h : ABSENT;
}

/** Which sections the pods need: [psi, swap figures, every pod's swap 0 of 0]. */
function sections(pods: readonly PodIn[]): [boolean, boolean, boolean] {
  let anyPsi = false;
  let anySwap = false;
  let noSwap = pods.length > 0;
  for (const p of pods) {
    anyPsi ||= !!(p.cpu?.psi || p.memory?.psi || p.io?.psi);
    anySwap ||= !!p.swap;
    noSwap &&= p.swap?.swapUsageBytes === 0 && p.swap.swapAvailableBytes === 0;
  }
  return [anyPsi, anySwap && !noSwap, noSwap];
}

/** Bytes `packPressure` writes for these pods (a multiple of 8, so it can follow a Float64Array). */
export function pressureBytes(pods: readonly PodIn[]): number {
  const [psi, swap] = sections(pods);
  const psiBytes = psi ? pods.length * PSI_NUMS * 2 : 0;
  return (swap ? pods.length * SWAP_NUMS * 8 : 0) + Math.ceil(psiBytes / 8) * 8;
}

/** Packs the pods' pressure figures into `buf` from `offset` (8-aligned, `pressureBytes` long); the pods are the trimmed Summary's, in order. */
export function packPressure(pods: readonly PodIn[], buf: ArrayBuffer, offset: number): PackedPressure {
  const [anyPsi, anySwap, noSwap] = sections(pods);
  const n = pods.length;
  const swap = anySwap ? new Float64Array(buf, offset, n * SWAP_NUMS).fill(NaN) : null;
  const psi = anyPsi ? new Uint16Array(buf, offset + (swap?.byteLength ?? 0), n * PSI_NUMS).fill(ABSENT) : null;
  for (let i = 0; i < n; i++) {
    const p = pods[i]!;
    if (psi) {
      for (let ri = 0; ri < 3; ri++) {
        const stats = p[RESOURCES[ri]!]?.psi;
        if (!stats) continue;
        for (let ki = 0; ki < 2; ki++) {
          const d = stats[KINDS[ki]!];
          const b = i * PSI_NUMS + (ri * 2 + ki) * 2;
          psi[b] = hundredths(d?.avg10);
          psi[b + 1] = hundredths(d?.avg60);
        }
      }
    }
    if (swap && p.swap) {
      swap[i * SWAP_NUMS] = num(p.swap.swapUsageBytes);
      swap[i * SWAP_NUMS + 1] = num(p.swap.swapAvailableBytes);
    }
  }
  return noSwap ? { psi, swap, noSwap } : { psi, swap };
}

const percent = (h: number): number | undefined => (h === ABSENT ? undefined : h / 100);

/** Puts the packed figures back on expanded pods (same order), as Summary-shaped fields. */
export function unpackPressure(pods: PodStats[], packed: PackedPressure | undefined): void {
  if (!packed) return;
  const { psi, swap, noSwap } = packed;
  pods.forEach((p, i) => {
    if (psi) {
      RESOURCES.forEach((r, ri) => {
        const b = i * PSI_NUMS + ri * 4;
        if (psi[b] === ABSENT && psi[b + 1] === ABSENT && psi[b + 2] === ABSENT && psi[b + 3] === ABSENT) return;
        const data = (o: number): PsiData => ({ avg10: percent(psi[b + o]!), avg60: percent(psi[b + o + 1]!) });
        const stats: PsiStats = { some: data(0), full: data(2) };
        if (r === "memory") p.memory = { ...p.memory, psi: stats };
        else p[r] = { psi: stats };
      });
    }
    if (noSwap) p.swap = { swapUsageBytes: 0, swapAvailableBytes: 0 };
    else if (swap && !Number.isNaN(swap[i * SWAP_NUMS]!)) {
      const available = swap[i * SWAP_NUMS + 1]!;
      p.swap = { swapUsageBytes: swap[i * SWAP_NUMS]!, ...(Number.isNaN(available) ? {} : { swapAvailableBytes: available }) };
    }
  });
}
