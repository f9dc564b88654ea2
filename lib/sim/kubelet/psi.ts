// Pressure Stall Information (PSI) as the simulated kubelets report it in the Summary API.
//
// Shape (k8s.io/kubelet/pkg/apis/stats/v1alpha1/types.go, v0.33+): CPUStats, MemoryStats and
// IOStats of the node, each pod and each container carry `psi: {full, some}`, each
// `{total, avg10, avg60, avg300}`. The kubelet copies cAdvisor's numbers unchanged
// (pkg/kubelet/stats/helper.go cadvisorPSIToStatsPSI), and cAdvisor copies the cgroup's
// `*.pressure` files (container/libcontainer/handler.go setPSIData): `total` is the kernel's
// cumulative stall time in MICROSECONDS (the type's comment says nanoseconds; the value is the
// file's), the averages are percentages with two decimals.
//
// Who reports it (a real kubelet's rules, applied per pool):
//  - KubeletPSI feature gate: alpha, off by default in 1.33; beta, on by default in 1.34; GA in
//    1.36 (pkg/features/kube_features.go). Before 1.33 the fields do not exist.
//  - With the gate on, cpu/memory PSI are filled from a zero-valued struct when the cgroup has no
//    pressure files (cgroup v1, CONFIG_PSI off, psi=0): all zeros instead of nothing, kubernetes
//    #136333 (fixed by #137326, which checks /sys/fs/cgroup/cpu.pressure first). A pool's
//    `cgroupV1Nodes` reproduce that.
//
// The model (a simulation, not a kernel): each cgroup has a stall percentage per resource and
// kind, piecewise constant between two Summary builds; `total` integrates it (µs) and the averages
// are the kernel's exponential moving averages over 10/60/300 s (kernel/sched/psi.c calc_avgs,
// closed form for a constant input: avg' = p + (avg - p)·e^(-Δ/W)). The percentages:
//  - memory: reclaim stalls grow as node memory.available approaches the hard threshold (cubic in
//    how deep it is into a zone 12 % of capacity wide above it), more for a pod whose working set
//    is growing (the leak pays for its own reclaim), and for a pod near its own memory limit;
//    `full` is a fraction of `some` that grows with depth.
//  - io: grows with a pod's write rate (logs, writable layer, emptyDir), more as nodefs fills;
//    the node's `some` is the chance that at least one pod stalls.
//  - cpu: contention above 70 % node cpu use, and CFS throttling of pods near their cpu limit;
//    the node's cpu `full` stays 0 (the kernel does not define system-wide cpu full).
import { bytes, millis } from "../state/units";
import type { CompiledCurve } from "../state/workload";
import type { PodRecord, SimNode } from "../state/world";

interface PsiData {
  total: number;
  avg10: number;
  avg60: number;
  avg300: number;
}
export interface PsiStats {
  full: PsiData;
  some: PsiData;
}
/** Stall percentages of one cgroup: [cpu some, cpu full, memory some, memory full, io some, io full]. */
export type Rates = [number, number, number, number, number, number];

const WINDOWS = [10, 60, 300];
const SLOTS = 24;
const IDLE = [0.3, 0, 0.02, 0.005, 0.1, 0.04]; // 6 (resource, kind) pairs x [total, avg10, avg60, avg300]

/** One cgroup's PSI counters and averages, advanced in time. */
export class PsiTrack {
  private readonly v = new Float64Array(SLOTS);
  private t = NaN;

  /** Advances to `now` (ms) with the rates of the interval ending now; the first call starts from a steady state of `uptimeS` seconds. */
  advance(now: number, rates: Rates, uptimeS: number): void {
    if (Number.isNaN(this.t)) {
      for (let k = 0; k < 6; k++) {
        const p = rates[k]!;
        // history before the first look: the idle floor, not whatever pressure there is now
        this.v[k * 4] = Math.round((Math.min(p, IDLE[k]!) / 100) * Math.max(0, uptimeS) * 1e6);
        for (let w = 0; w < 3; w++) this.v[k * 4 + 1 + w] = p;
      }
      this.t = now;
      return;
    }
    const dt = (now - this.t) / 1000;
    if (dt <= 0) return;
    this.t = now;
    for (let k = 0; k < 6; k++) {
      const p = rates[k]!;
      this.v[k * 4] = this.v[k * 4]! + Math.round((p / 100) * dt * 1e6);
      for (let w = 0; w < 3; w++) {
        const i = k * 4 + 1 + w;
        this.v[i] = p + (this.v[i]! - p) * Math.exp(-dt / WINDOWS[w]!);
      }
    }
  }

  /** The Summary's `psi` object of one resource (0 cpu, 1 memory, 2 io). */
  stats(resource: number): PsiStats {
    // `full` is written first, as before: the Summary's key order is the same.
    return { full: psiData(this.v, (resource * 2 + 1) * 4), some: psiData(this.v, resource * 2 * 4) };
  }
}

// Module-level, not closures made per call: stats() runs for every container, pod and node of
// every Summary, and under tsx (the benches' simulator) each named closure costs a
// defineProperty of its name, half of a Summary's build (docs/benchmarks.md).
const r2 = (x: number) => Math.round(x * 100) / 100;

/** One kind's `{total, avg10, avg60, avg300}` from the four values at `b`. */
function psiData(v: Float64Array, b: number): PsiData {
  return { total: v[b]!, avg10: r2(v[b + 1]!), avg60: r2(v[b + 2]!), avg300: r2(v[b + 3]!) };
}

const ZERO: PsiStats = { full: { total: 0, avg10: 0, avg60: 0, avg300: 0 }, some: { total: 0, avg10: 0, avg60: 0, avg300: 0 } };

/** What a node's kubelet puts in the Summary: real PSI, the all-zero struct of #136333, or nothing. */
export type PsiMode = "reported" | "zeros" | "absent";

/** Minor version of a kubelet version string ("v1.33.1-eks-…" → 33); NaN when unreadable. */
export function kubeletMinor(version: string): number {
  const m = /^v?1\.(\d+)/.exec(version);
  return m ? Number(m[1]) : NaN;
}

/** Whether a kubelet of this version and configuration runs with the KubeletPSI gate on. */
export function psiGateOn(version: string, kubeletConfig: Record<string, unknown>): boolean {
  const minor = kubeletMinor(version);
  if (!(minor >= 33)) return false;
  const gate = (kubeletConfig.featureGates as Record<string, unknown> | undefined)?.KubeletPSI;
  if (typeof gate === "boolean") return minor >= 36 ? true : gate; // locked on at GA
  return minor >= 34;
}

/** The node's PSI reporting: by its pool's version and gates, and whether it boots cgroup v1. */
export function psiMode(n: SimNode): PsiMode {
  if (!psiGateOn(n.pool.kubeletVersion, n.pool.kubeletConfig)) return "absent";
  const count = typeof n.pool.count === "number" ? n.pool.count : Infinity;
  return n.poolIndex >= count - (n.pool.cgroupV1Nodes ?? 0) ? "zeros" : "reported";
}

/** The all-zero struct a kubelet with KubeletPSI on fills where the cgroup has no PSI (#136333). */
export function zeroPsi(): PsiStats {
  return structuredClone(ZERO);
}

// --- the model's percentages ------------------------------------------------------------------

/** Bytes per second a curve grows by at `age` (0 off its ramp). */
export function rampRate(c: CompiledCurve, ageSeconds: number): number {
  if (c.to <= c.from) return 0;
  const age = c.period > 0 ? ageSeconds % c.period : ageSeconds;
  return age >= c.after && age < c.after + c.over ? (c.to - c.from) / c.over : 0;
}

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));
const MIB = 1024 * 1024;

/** Node-wide inputs of the model at one moment. */
export interface NodeLoad {
  memAvailable: number;
  memCapacity: number;
  memThreshold: number;
  nodefsUsedFraction: number;
  cpuUsedFraction: number;
}

/** How deep node memory is into the reclaim zone above the hard threshold (0 clear, 1 at it). */
export function memoryDepth(l: NodeLoad): number {
  const zone = Math.max(0.12 * l.memCapacity, 4 * l.memThreshold);
  return clamp01(1 - (l.memAvailable - l.memThreshold) / zone);
}

/** Per-pod inputs of the model. */
export interface PodLoad {
  ws: number;
  memLimit: number | null;
  growth: number; // working-set growth, bytes/s
  writes: number; // bytes/s written to disk
  cpu: number; // millicores used
  cpuLimit: number | null;
}

/** A pod's stall percentages. */
export function podRates(l: NodeLoad, p: PodLoad): Rates {
  const depth = memoryDepth(l);
  const nodeMem = nodeMemorySome(depth);
  const growing = p.growth > 0 ? 0.6 + 0.4 * clamp01(p.growth / (10 * MIB)) : 0.3;
  const limitDepth = p.memLimit ? clamp01((p.ws / p.memLimit - 0.97) / 0.03) : 0;
  const memSome = Math.min(95, 0.01 + nodeMem * growing + 60 * limitDepth ** 2);
  const memFull = memSome * (0.15 + 0.45 * Math.max(depth, limitDepth)) * (p.growth > 0 ? 1 : 0.5);
  const fill = clamp01((l.nodefsUsedFraction - 0.7) / 0.3);
  const ioSome = Math.min(95, 0.05 + 70 * (1 - Math.exp(-p.writes / (100 * MIB))) * (1 + fill));
  const throttle = p.cpuLimit ? 60 * clamp01((p.cpu / p.cpuLimit - 0.6) / 0.4) ** 2 : 0;
  const cpuSome = Math.min(95, nodeCpuSome(l) * 0.5 + throttle);
  return [cpuSome, throttle * 0.9, memSome, memFull, ioSome, ioSome * 0.45];
}

function nodeMemorySome(depth: number): number {
  return 0.02 + 45 * depth ** 3;
}

function nodeCpuSome(l: NodeLoad): number {
  return 0.3 + 80 * Math.max(0, l.cpuUsedFraction - 0.7) ** 2;
}

/** The node's stall percentages from its load and its pods' rates. */
export function nodeRates(l: NodeLoad, pods: readonly Rates[]): Rates {
  const depth = memoryDepth(l);
  let ioNone = 1;
  let ioFull = 0;
  let memSomeMax = 0;
  for (const r of pods) {
    ioNone *= 1 - r[4] / 100;
    ioFull = Math.max(ioFull, r[5]);
    memSomeMax = Math.max(memSomeMax, r[2]);
  }
  const memSome = Math.min(95, Math.max(nodeMemorySome(depth), memSomeMax * 0.5));
  const ioSome = Math.min(95, 0.2 + 100 * (1 - ioNone));
  return [nodeCpuSome(l), 0, memSome, memSome * (0.1 + 0.5 * depth), ioSome, ioFull * 0.9];
}

/** The pool's hard memory.available threshold in bytes (a percentage resolved against capacity). */
export function memoryThreshold(evictionHard: Record<string, string> | undefined, capacity: number): number {
  const v = evictionHard?.["memory.available"];
  if (!v) return 100 * MIB;
  return v.endsWith("%") ? (capacity * Number(v.slice(0, -1))) / 100 : bytes(v);
}

/** The memory and cpu limits of a pod (sum over its containers; null when one has none). */
export function podLimits(p: PodRecord): { memory: number | null; cpu: number | null } {
  let memory: number | null = 0;
  let cpu: number | null = 0;
  for (const c of p.t.containers) {
    const l = c.resources.limits;
    memory = memory !== null && l?.memory ? memory + bytes(l.memory) : null;
    cpu = cpu !== null && l?.cpu ? cpu + millis(l.cpu) : null;
  }
  return { memory, cpu };
}
