// PSI and swap in a simulated Summary (psi.ts has the sources and the model). Added after the
// usage numbers are final, so the memory and disk numbers the eviction rules read are unchanged.
import { bytes } from "../state/units";
import { page } from "../state/workload";
import type { PodRecord, SimNode } from "../state/world";
import {
  kubeletMinor,
  memoryThreshold,
  nodeRates,
  podLimits,
  podRates,
  psiMode,
  PsiTrack,
  rampRate,
  zeroPsi,
  type NodeLoad,
  type PodLoad,
  type PsiStats,
  type Rates,
} from "./psi";

/* Stats objects of the Summary being built, as summary.ts lays them out. */
interface CgroupStats {
  cpu?: Record<string, unknown>;
  memory?: Record<string, unknown>;
  io?: Record<string, unknown>;
  swap?: Record<string, unknown>;
}
interface PodStatsOut extends CgroupStats {
  containers: Array<CgroupStats & { name: string; memory: { workingSetBytes: number } }>;
}

interface Tracks {
  node: PsiTrack;
  pods: Map<string, PsiTrack>;
  containers: Map<string, PsiTrack>;
}
const tracks = new WeakMap<SimNode, Tracks>();

/** One running pod as summary.ts computed it. */
export interface PodEntry {
  p: PodRecord;
  stats: PodStatsOut;
  ws: number;
  cpuNano: number;
}

function podLoad(p: PodRecord, ws: number, cpuNano: number, now: number): PodLoad {
  const age = (now - p.curveOrigin) / 1000;
  let growth = 0;
  let writes = 0;
  for (const c of p.t.containers) {
    growth += rampRate(c.usage.memory, age);
    writes += rampRate(c.usage.logs, age) + rampRate(c.usage.rootfs, age);
  }
  for (const v of p.t.volumes) writes += rampRate(v.usage, age);
  const limits = podLimits(p);
  return { ws, memLimit: limits.memory, growth, writes, cpu: cpuNano / 1e6, cpuLimit: limits.cpu };
}

function setPsi(target: CgroupStats, psi: (r: number) => PsiStats, time: string): void {
  if (target.cpu) target.cpu.psi = psi(0);
  if (target.memory) target.memory.psi = psi(1);
  target.io = { time, psi: psi(2) };
}

function trackOf(map: Map<string, PsiTrack>, key: string): PsiTrack {
  let t = map.get(key);
  if (!t) map.set(key, (t = new PsiTrack()));
  return t;
}

/** Adds `psi` (and `io`) to the node, pods and containers of a Summary, as this node's kubelet would. */
export function addPsi(
  n: SimNode,
  node: CgroupStats,
  pods: readonly PodEntry[],
  load: NodeLoad,
  now: number,
  time: string,
): void {
  const mode = psiMode(n);
  if (mode === "absent") return;
  if (mode === "zeros") {
    setPsi(node, zeroPsi, time);
    for (const u of pods) {
      setPsi(u.stats, zeroPsi, time);
      for (const c of u.stats.containers) setPsi(c, zeroPsi, time);
    }
    return;
  }
  let st = tracks.get(n);
  if (!st) tracks.set(n, (st = { node: new PsiTrack(), pods: new Map(), containers: new Map() }));
  const podTracks = new Map<string, PsiTrack>();
  const containerTracks = new Map<string, PsiTrack>();
  const all: Rates[] = [];
  for (const u of pods) {
    const rates = podRates(load, podLoad(u.p, u.ws, u.cpuNano, now));
    all.push(rates);
    const uptime = (now - u.p.created) / 1000;
    const t = trackOf(st.pods, u.p.uid);
    t.advance(now, rates, uptime);
    podTracks.set(u.p.uid, t);
    setPsi(u.stats, (r) => t.stats(r), time);
    const cs = u.stats.containers;
    for (const c of cs) {
      if (cs.length === 1) {
        setPsi(c, (r) => t.stats(r), time);
        continue;
      }
      // A container stalls at most as much as its pod; its share of the pod's memory scales it.
      const share = u.ws > 0 ? c.memory.workingSetBytes / u.ws : 1 / cs.length;
      const key = `${u.p.uid}/${c.name}`;
      const ct = trackOf(st.containers, key);
      ct.advance(now, rates.map((x) => x * (0.5 + 0.5 * share)) as Rates, uptime);
      containerTracks.set(key, ct);
      setPsi(c, (r) => ct.stats(r), time);
    }
  }
  // Forget pods that are gone (evicted, finished): their cgroups are.
  st.pods = podTracks;
  st.containers = containerTracks;
  const nodeTrack = st.node;
  nodeTrack.advance(now, nodeRates(load, all), (now - n.created) / 1000);
  setPsi(node, (r) => nodeTrack.stats(r), time);
}

/** The node load the PSI model reads, from the numbers summary.ts computed. */
export function nodeLoad(
  n: SimNode,
  memAvailable: number,
  memCapacity: number,
  nodefsUsed: number,
  nodefsCap: number,
  cpuNano: number,
): NodeLoad {
  const cores = Number(n.capacity.cpu ?? "1") || 1;
  const hard = n.pool.kubeletConfig.evictionHard as Record<string, string> | undefined;
  return {
    memAvailable,
    memCapacity,
    memThreshold: memoryThreshold(hard, memCapacity),
    nodefsUsedFraction: nodefsCap > 0 ? nodefsUsed / nodefsCap : 0,
    cpuUsedFraction: cpuNano / 1e9 / cores,
  };
}

// --- swap -----------------------------------------------------------------------------------------

/**
 * Swap stats (SwapStats: swapUsageBytes, swapAvailableBytes; node, pods and containers since
 * v1.28, k8s.io/kubelet v0.28 types.go). A pool with `swap` runs LimitedSwap (KEP-2400): only
 * Burstable pods may swap, each container up to its memory request's share of node memory times
 * the swap size (pkg/kubelet/kuberuntime calcSwapForBurstablePods). The model swaps out a growing
 * share of an eligible working set as node memory nears its threshold. The kubelet's
 * memory.available ignores all of it (pkg/kubelet/eviction helpers_others.go (!windows)
 * makeMemoryAvailableSignalObservation reads only availableBytes and workingSetBytes).
 */
export function addSwap(n: SimNode, node: CgroupStats, pods: readonly PodEntry[], load: NodeLoad, time: string): void {
  if (!(kubeletMinor(n.pool.kubeletVersion) >= 28)) return;
  const size = n.pool.swap ? bytes(n.pool.swap.capacity) : 0;
  const depth = Math.max(
    0,
    Math.min(1, 1 - (load.memAvailable - load.memThreshold) / Math.max(0.12 * load.memCapacity, 4 * load.memThreshold)),
  );
  let used = 0;
  for (const u of pods) {
    let podUsed = 0;
    let podLimit = 0;
    u.stats.containers.forEach((c, i) => {
      const spec = u.p.t.containers[i];
      const request = spec?.resources.requests?.memory ? bytes(spec.resources.requests.memory) : 0;
      const limit = size > 0 && u.p.t.qosClass === "Burstable" ? Math.floor((request / load.memCapacity) * size) : 0;
      const swapped = Math.min(limit, page(c.memory.workingSetBytes * (0.02 + 0.25 * depth)));
      podUsed += swapped;
      podLimit += limit;
      c.swap = { time, swapAvailableBytes: limit - swapped, swapUsageBytes: swapped };
    });
    u.stats.swap = { time, swapAvailableBytes: podLimit - podUsed, swapUsageBytes: podUsed };
    used += podUsed;
  }
  if (size > 0) used += 12 * 1024 * 1024; // system daemons' cold pages
  node.swap = { time, swapAvailableBytes: Math.max(0, size - used), swapUsageBytes: Math.min(size, used) };
}
