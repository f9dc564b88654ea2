// The kubelet's rank functions (rank.ts) as sort keys. Each pod's figures for a signal are computed
// once into three numbers whose ascending order is the rank function's order, and the pods' indices
// are sorted on them: no entry object per pod, no chain of comparator closures per comparison.
// analyze ranks every node's pods four times (memory, pid, disk bytes and inodes), so this was a
// tenth of its time (issue 27). rank-order.test.ts checks the order against rankFunctionFor's
// comparators on random pods.
//
// memory and disk (orderedBy(exceedsRequest, priority, usageAboveRequest)):
//   k1 = 0 without stats (ranked first, ties with its kind), 1 when usage exceeds the request, 2 otherwise
//   k2 = priority (lower first)
//   k3 = −(usage − request), larger first; 0 without stats (such pods tie)
// pid (orderedBy(priority, processCount)):
//   k1 = priority, k2 = 0 without stats else 1, k3 = −process count (0 without stats)
import type { Signal } from "../signals";
import type { PodFacts } from "./pod-facts";

/** The parts of a pod's disk usage a signal's rank function adds up (diskPartsFor). */
export type FsPart = "rootfs" | "logs" | "localVolumes";

/** Scratch space for one ranking, reused: a ranking is read before the next one is built. */
class Scratch {
  usage = new Float64Array(0);
  request = new Float64Array(0);
  k1 = new Float64Array(0);
  k2 = new Float64Array(0);
  k3 = new Float64Array(0);
  order = new Int32Array(0);

  ensure(n: number): void {
    if (this.order.length >= n) return;
    const size = Math.max(n, 2 * this.order.length, 128);
    this.usage = new Float64Array(size);
    this.request = new Float64Array(size);
    this.k1 = new Float64Array(size);
    this.k2 = new Float64Array(size);
    this.k3 = new Float64Array(size);
    this.order = new Int32Array(size);
  }
}

const S = new Scratch();

/**
 * A node's pods ranked for one signal. `order` holds indices into the facts, most likely evicted
 * first; `usage` and `request` are indexed by the facts' index. Valid until the next rankOrder call.
 */
export interface RankOrder {
  readonly size: number;
  readonly order: Int32Array;
  readonly usage: Float64Array;
  readonly request: Float64Array;
}

function diskUsage(f: PodFacts, parts: readonly FsPart[], inodes: boolean): number {
  let total = 0;
  for (let i = 0; i < parts.length; i++) {
    const u = f[parts[i]!];
    total += inodes ? u.inodes : u.bytes;
  }
  return total;
}

// Strictly before: ascending on (k1, k2, k3); equal keys keep the input order (a stable sort).
function before(i: number, j: number): boolean {
  const a1 = S.k1[i]!;
  const b1 = S.k1[j]!;
  if (a1 !== b1) return a1 < b1;
  const a2 = S.k2[i]!;
  const b2 = S.k2[j]!;
  if (a2 !== b2) return a2 < b2;
  return S.k3[i]! < S.k3[j]!;
}

// k1 and k2 packed into one exact number when k2 (or, for pid, k1) is a priority Kubernetes allows
// (an int32): then a comparison is two number tests instead of three. PACK exceeds every k2 range.
const PACK = 2 ** 33;
const INT32 = 2 ** 31;
const packable = (priority: number) => priority >= -INT32 && priority < INT32;

// Insertion sort for a node's few dozen pods, on the packed key in k1 and k3, with the arrays in
// locals (the rankings' sorts were a tenth of analyze's time); the general sort past that, where
// insertion sort's n² would show, or when a priority is out of int32 range and nothing was packed.
// Packed or not, equal k1 implies equal k2 (k2 is part of what k1 packs), so `before` stays right.
const INSERTION_MAX = 64;
function sortOrder(n: number, packed: boolean): void {
  const order = S.order;
  if (packed && n <= INSERTION_MAX) {
    const key = S.k1;
    const k3 = S.k3;
    for (let i = 1; i < n; i++) {
      const x = order[i]!;
      const kx = key[x]!;
      const tx = k3[x]!;
      let j = i - 1;
      for (; j >= 0; j--) {
        const y = order[j]!;
        const ky = key[y]!;
        if (kx > ky || (kx === ky && tx >= k3[y]!)) break;
        order[j + 1] = y;
      }
      order[j + 1] = x;
    }
    return;
  }
  const idx = Array.from(order.subarray(0, n)).sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
  order.set(idx);
}

/** Ranks pods for a signal whose disk usage is the sum of `parts` (diskPartsFor), the kubelet's way. */
export function rankOrder(facts: readonly PodFacts[], signal: Signal, parts: readonly FsPart[]): RankOrder {
  const n = facts.length;
  S.ensure(n);
  const { usage, request, k1, k2, k3, order } = S;
  const memory = signal === "memory.available" || signal === "allocatableMemory.available";
  const pid = signal === "pid.available";
  const inodes = signal.endsWith(".inodesFree");
  let packed = true;
  for (let i = 0; i < n; i++) if (!packable(facts[i]!.priority)) packed = false;
  for (let i = 0; i < n; i++) {
    const f = facts[i]!;
    order[i] = i;
    if (pid) {
      usage[i] = f.processCount;
      request[i] = 0;
      const stats = f.hasStats ? 1 : 0;
      k1[i] = packed ? (f.priority + INT32) * 2 + stats : f.priority;
      k2[i] = stats;
      k3[i] = f.hasStats ? -f.processCount : 0;
      continue;
    }
    const u = memory ? f.memoryUsage : diskUsage(f, parts, inodes);
    const r = memory ? f.memoryRequest : inodes ? f.inodesRequest : f.ephemeralRequest;
    // What usageAboveRequest compares: disk always subtracts the ephemeral-storage request.
    const above = u - (memory ? f.memoryRequest : f.ephemeralRequest);
    usage[i] = u;
    request[i] = r;
    const kind = !f.hasStats ? 0 : u > r ? 1 : 2;
    k1[i] = packed ? kind * PACK + f.priority + INT32 : kind;
    k2[i] = f.priority;
    k3[i] = f.hasStats ? -above : 0;
  }
  sortOrder(n, packed);
  return { size: n, order, usage, request };
}
