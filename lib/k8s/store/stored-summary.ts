// Pure: a node's last Summary as the cache keeps it between collections. A trimmed Summary is still
// ~10 small objects and a dozen boxed numbers per pod; at 150 000 pods that is most of the cache,
// and every collection (500 a second) turns the previous copy into old-generation garbage. Here
// the per-pod part is two flat arrays (one of numbers, one of strings shared with the cached pods),
// and `expand` rebuilds the Summary the engine and the node page read, value for value.
import { validateSummary, type PodStats, type Summary } from "@/lib/eviction";

import { nodePsiBytes, packNodePsi, unpackNodePsi } from "./node-psi-pack";
import { packPressure, pressureBytes, unpackPressure, type PackedPressure } from "./pod-pressure-pack";
import { sharedName, type TrimmedSummary } from "./trim";

type NodeStats = TrimmedSummary["node"];

export type StoredSummary =
  /** A valid Summary: node stats as trimmed but its PSI (in `nodePsi`), pod stats packed (see `pack`). */
  | {
      node: NodeStats | undefined;
      nodePsi: Float64Array | null;
      refs: unknown[];
      nums: Float64Array;
      pods: number;
      pressure?: PackedPressure;
      invalid?: undefined;
    }
  /** A Summary the engine rejects is kept as trimmed, so the node reports the same error. */
  | { invalid: TrimmedSummary };

// Per pod: [containers, volumes, memory.workingSetBytes, process_stats.process_count], then per
// container [rootfs.usedBytes, rootfs.inodesUsed, logs.usedBytes, logs.inodesUsed,
// memory.workingSetBytes, memory.rssBytes (the kernel OOM order, lib/eviction/pods/oom-order.ts)], then per
// volume [usedBytes, inodesUsed]. NaN stands for an absent (or null) field. `refs` holds per pod
// [uid, name, namespace], per container [name], per volume [name], in the same order.
const POD_NUMS = 4;
const CONTAINER_NUMS = 6;
const VOLUME_NUMS = 2;

const num = (v: unknown): number => (typeof v === "number" ? v : NaN);

/** The cached pod a Summary entry refers to, to share its name and uid strings (optional). */
export type PodLookup = (
  namespace: unknown,
  name: unknown,
) => { metadata?: { uid?: unknown; name?: unknown; namespace?: unknown } } | undefined;

/**
 * Packs a trimmed Summary (trim.ts `trimSummary`). It is validated as the engine validates it;
 * an invalid one is kept whole. Dropped: what no engine rule reads (per-container memory beyond
 * working set and rss, pod ephemeral-storage totals, other process_stats fields); null fields become absent ones, which
 * every rule reads the same way.
 */
export function storeSummary(trimmed: TrimmedSummary, lookup?: PodLookup): StoredSummary {
  const stored = packSummary(trimmed);
  if (lookup) sharePodStrings(stored, lookup);
  return stored;
}

/** `storeSummary` without the string sharing: what the collection thread can do on its own. */
export function packSummary(trimmed: TrimmedSummary): StoredSummary {
  try {
    validateSummary(trimmed);
  } catch {
    return { invalid: trimmed };
  }
  const pods = trimmed.pods ?? [];
  let size = 0;
  let refCount = 0;
  for (const p of pods) {
    const c = p.containers?.length ?? 0;
    const v = p.volume?.length ?? 0;
    size += POD_NUMS + c * CONTAINER_NUMS + v * VOLUME_NUMS;
    refCount += 3 + c + v;
  }
  // One buffer for the numbers, the pods' PSI and swap and the node's PSI: one allocation, one transfer.
  const podPressure = pressureBytes(pods);
  const buf = new ArrayBuffer(size * 8 + podPressure + nodePsiBytes(trimmed.node));
  const nums = new Float64Array(buf, 0, size);
  const refs: unknown[] = new Array(refCount);
  let n = 0;
  let r = 0;
  for (const p of pods) {
    const ref = p.podRef;
    const containers = p.containers ?? [];
    const volumes = p.volume ?? [];
    nums[n++] = containers.length;
    nums[n++] = volumes.length;
    nums[n++] = num(p.memory?.workingSetBytes);
    nums[n++] = num(p.process_stats?.process_count);
    refs[r++] = ref.uid;
    refs[r++] = ref.name;
    refs[r++] = ref.namespace;
    for (const c of containers) {
      nums[n++] = num(c.rootfs?.usedBytes);
      nums[n++] = num(c.rootfs?.inodesUsed);
      nums[n++] = num(c.logs?.usedBytes);
      nums[n++] = num(c.logs?.inodesUsed);
      nums[n++] = num(c.memory?.workingSetBytes);
      nums[n++] = num(c.memory?.rssBytes);
      refs[r++] = c.name;
    }
    for (const v of volumes) {
      nums[n++] = num(v.usedBytes);
      nums[n++] = num(v.inodesUsed);
      refs[r++] = v.name;
    }
  }
  const node = packNodePsi(trimmed.node, buf, size * 8 + podPressure);
  return { node: node.node, nodePsi: node.psi, refs, nums, pods: pods.length, pressure: packPressure(pods, buf, size * 8) };
}

/**
 * Points each pod's uid, name and namespace at the cached pod's own strings when they are equal,
 * and its containers' and volumes' names at one shared copy, so 150 000 pods' names are kept once,
 * not once more per Summary (a Summary packed in the collection thread arrives with copies).
 */
export function sharePodStrings(s: StoredSummary, lookup: PodLookup): void {
  if (s.invalid) return;
  const { nums, refs } = s;
  let n = 0;
  let r = 0;
  for (let i = 0; i < s.pods; i++) {
    const nc = nums[n]!;
    const nv = nums[n + 1]!;
    const m = lookup(refs[r + 2], refs[r + 1])?.metadata;
    if (m !== undefined && m.uid === refs[r] && m.name === refs[r + 1] && m.namespace === refs[r + 2]) {
      refs[r] = m.uid;
      refs[r + 1] = m.name;
      refs[r + 2] = m.namespace;
    }
    // Container and volume names repeat across a workload's pods ("app" 145 000 times at 5 000
    // nodes, one copy per pod in every node's Summary): one string each.
    for (let k = r + 3; k < r + 3 + nc + nv; k++) refs[k] = sharedName(refs[k] as string | undefined);
    r += 3 + nc + nv;
    n += POD_NUMS + nc * CONTAINER_NUMS + nv * VOLUME_NUMS;
  }
}

/**
 * Gives `next` the previous Summary's strings when every one is equal, place by place (the same pods,
 * containers and volumes in the same order: a node's usual Summary). `prev`'s strings were shared by
 * sharePodStrings against the same cached pods, so this is what sharePodStrings would give, at a
 * comparison per string instead of a pod lookup and three comparisons per pod and a lookup per
 * name: that was a sixth of the main thread's busy time at 5 000 nodes (round twenty-seven,
 * docs/benchmark-rounds.md). False, with `next` unchanged, when any string differs.
 */
export function reuseSharedStrings(prev: StoredSummary, next: StoredSummary): boolean {
  if (prev.invalid || next.invalid || prev.refs.length !== next.refs.length) return false;
  const from = prev.refs;
  const to = next.refs;
  for (let k = 0; k < to.length; k++) if (to[k] !== from[k]) return false;
  // the previous array itself: nothing changes a stored Summary's refs once its strings are shared
  next.refs = from;
  return true;
}

// A container's pairs of fields as the packed Summary held them: those present (not NaN), in this
// order, or undefined when neither is. Written out pair by pair as literals: expandSummary runs on
// every Summary (500 a second at 5 000 nodes), and a generic version built an argument object and
// a dictionary for each pair.
function fsOf(used: number, inodes: number): { usedBytes?: number; inodesUsed?: number } | undefined {
  const hasUsed = !Number.isNaN(used);
  if (!Number.isNaN(inodes)) return hasUsed ? { usedBytes: used, inodesUsed: inodes } : { inodesUsed: inodes };
  return hasUsed ? { usedBytes: used } : undefined;
}

function memoryOf(workingSet: number, rss: number): { workingSetBytes?: number; rssBytes?: number } | undefined {
  const hasWorkingSet = !Number.isNaN(workingSet);
  if (!Number.isNaN(rss)) return hasWorkingSet ? { workingSetBytes: workingSet, rssBytes: rss } : { rssBytes: rss };
  return hasWorkingSet ? { workingSetBytes: workingSet } : undefined;
}

/** Rebuilds the Summary document (fresh objects on every call; the caller may keep or change them); with `pressure`, the pods' PSI and swap too. */
export function expandSummary(s: StoredSummary, pressure = false): Summary {
  if (s.invalid) return s.invalid;
  const { nums, refs } = s;
  const pods: PodStats[] = new Array(s.pods);
  let n = 0;
  let r = 0;
  for (let i = 0; i < s.pods; i++) {
    const nc = nums[n]!;
    const nv = nums[n + 1]!;
    const ws = nums[n + 2]!;
    const procs = nums[n + 3]!;
    n += POD_NUMS;
    const ps: PodStats = { podRef: { uid: refs[r] as string, name: refs[r + 1] as string, namespace: refs[r + 2] as string } };
    r += 3;
    const containers: NonNullable<PodStats["containers"]> = new Array(nc);
    for (let c = 0; c < nc; c++) {
      const co: NonNullable<PodStats["containers"]>[number] = { name: refs[r++] as string };
      const rootfs = fsOf(nums[n]!, nums[n + 1]!);
      const logs = fsOf(nums[n + 2]!, nums[n + 3]!);
      if (rootfs) co.rootfs = rootfs;
      if (logs) co.logs = logs;
      const memory = memoryOf(nums[n + 4]!, nums[n + 5]!);
      if (memory) co.memory = memory;
      n += CONTAINER_NUMS;
      containers[c] = co;
    }
    ps.containers = containers;
    if (!Number.isNaN(ws)) ps.memory = { workingSetBytes: ws };
    if (nv > 0) {
      const volume: NonNullable<PodStats["volume"]> = new Array(nv);
      for (let v = 0; v < nv; v++) {
        const used = nums[n]!;
        const inodes = nums[n + 1]!;
        const vs: NonNullable<PodStats["volume"]>[number] = { name: refs[r++] as string };
        if (!Number.isNaN(used)) vs.usedBytes = used;
        if (!Number.isNaN(inodes)) vs.inodesUsed = inodes;
        volume[v] = vs;
        n += VOLUME_NUMS;
      }
      ps.volume = volume;
    }
    if (!Number.isNaN(procs)) ps.process_stats = { process_count: procs };
    pods[i] = ps;
  }
  if (pressure) unpackPressure(pods, s.pressure);
  const node = unpackNodePsi(s.node, s.nodePsi);
  return node === undefined ? { pods } : { node, pods };
}

/** The node-level stats but PSI (what the overview row reads), without expanding the pods. */
export function storedNodeStats(s: StoredSummary): NodeStats | undefined {
  return s.invalid ? s.invalid.node : s.node;
}
