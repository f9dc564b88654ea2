// Pure: the node's PSI (Summary node.cpu.psi, node.memory.psi, node.io.psi) packed into the stored
// Summary's buffer (stored-summary.ts) instead of kept as nine small objects and two dozen boxed
// numbers per node, which at 5 000 nodes is MiBs of heap that every collection turns to garbage.
// Layout, float64: per resource [cpu, memory, io] a presence flag (1: the Summary has its `psi`
// object), then [some, full] x [total, avg10, avg60, avg300]; NaN = field absent. What the engine
// reads comes back the same: an absent kind and one with no fields give the same figures (all null).
import type { NodeStats, PsiData, PsiStats } from "@/lib/eviction";

const RESOURCES = ["cpu", "memory", "io"] as const;
const KINDS = ["some", "full"] as const;
const FIELDS = ["total", "avg10", "avg60", "avg300"] as const;
const PER_RESOURCE = 1 + KINDS.length * FIELDS.length;
const NUMS = RESOURCES.length * PER_RESOURCE;

const hasPsi = (node: NodeStats | undefined): node is NodeStats =>
  !!node && (node.cpu?.psi != null || node.memory?.psi != null || node.io?.psi != null);

/** Bytes `packNodePsi` writes for this node (0 without PSI). */
export const nodePsiBytes = (node: NodeStats | undefined): number => (hasPsi(node) ? NUMS * 8 : 0);

/** Moves the node's PSI into `buf` at `offset` (8-aligned, `nodePsiBytes` long); returns the node without it and the packed numbers. */
export function packNodePsi(
  node: NodeStats | undefined,
  buf: ArrayBuffer,
  offset: number,
): { node: NodeStats | undefined; psi: Float64Array | null } {
  if (!hasPsi(node)) return { node, psi: null };
  const psi = new Float64Array(buf, offset, NUMS).fill(NaN);
  RESOURCES.forEach((r, ri) => {
    const stats = node[r]?.psi;
    const b = ri * PER_RESOURCE;
    psi[b] = stats ? 1 : 0;
    KINDS.forEach((k, ki) => {
      const d = stats?.[k];
      FIELDS.forEach((f, fi) => {
        const v = d?.[f];
        if (typeof v === "number") psi[b + 1 + ki * FIELDS.length + fi] = v;
      });
    });
  });
  const { cpu, memory, io: _io, ...rest } = node;
  const out: NodeStats = { ...rest };
  if (cpu) out.cpu = withoutPsi(cpu);
  if (memory) out.memory = withoutPsi(memory);
  return { node: out, psi };
}

function withoutPsi<T extends { psi?: PsiStats }>(o: T): Omit<T, "psi"> {
  const { psi: _psi, ...rest } = o;
  return rest;
}

/** The node with its PSI back (a fresh copy; the stored node is not changed). */
export function unpackNodePsi(node: NodeStats | undefined, psi: Float64Array | null | undefined): NodeStats | undefined {
  if (!psi) return node;
  const out: NodeStats = { ...node };
  RESOURCES.forEach((r, ri) => {
    const b = ri * PER_RESOURCE;
    if (psi[b] !== 1) return;
    const stats: PsiStats = {};
    KINDS.forEach((k, ki) => {
      const d: PsiData = {};
      FIELDS.forEach((f, fi) => {
        const v = psi[b + 1 + ki * FIELDS.length + fi]!;
        if (!Number.isNaN(v)) d[f] = v;
      });
      stats[k] = d;
    });
    if (r === "io") out.io = { psi: stats };
    else out[r] = { ...out[r], psi: stats };
  });
  return out;
}
