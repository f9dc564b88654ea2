// Which container the kernel's OOM killer would pick first if the node ran out of memory before the
// kubelet evicted anything (a leak fast enough to beat the 10 s housekeeping), from
// torvalds/linux mm/oom_kill.c:
//
// - `oom_badness(p, totalpages)`: points = get_mm_rss(mm) + get_mm_counter(mm, MM_SWAPENTS)
//   + mm_pgtables_bytes(mm) / PAGE_SIZE (all in pages); then `adj *= totalpages / 1000; points += adj`
//   with adj = oom_score_adj (integer division first). A task at OOM_SCORE_ADJ_MIN (-1000) returns
//   LONG_MIN: never chosen. Negative totals stay eligible and rank as they are (since Linux 5.9,
//   "mm, oom: make the calculation of oom badness more accurate"; before it, oom_badness returned
//   `points > 0 ? points : 1`, so every negative total tied at 1).
// - fs/proc/base.c `proc_oom_score`: what `/proc/<pid>/oom_score` reads is not the points but
//   `(1000 + points * 1000 / totalpages) * 2 / 3` (C division, truncating), a 0..1333 scale the
//   kernel kept for userspace; a negative total reads as a small positive number there.
// - `constrained_alloc`: a node-wide (global) OOM uses totalpages = totalram_pages() + total_swap_pages;
//   a memcg OOM (a container at its own limit) uses that cgroup's limit and only its tasks.
// - `select_bad_process` / `oom_evaluate_task`: the highest points win; a candidate is skipped only
//   when `points < chosen_points`, so on a tie the task scanned last wins.
// - `oom_kill_process`: `mem_cgroup_get_oom_group` finds the highest cgroup up to the OOM domain with
//   memory.oom.group set, and every task in it is killed except those at -1000. The kubelet sets
//   memory.oom.group=1 on each container's cgroup on cgroup v2 unless `singleProcessOOMKill: true`
//   (kubernetes/kubernetes pkg/kubelet/kubelet.go: nil means false on cgroup v2, true on v1;
//   pkg/kubelet/kuberuntime/kuberuntime_container_linux.go writes the Unified entry; v1.32+).
//
// The Summary API reports per-container cgroup totals, not per-process counters, so this treats a
// container as one task: rss from `memory.rssBytes` (cgroup anon memory) or, when absent,
// `workingSetBytes`; swap from the container's `swap.swapUsageBytes` when the kubelet reports it,
// else the pod's own figure when the pod has that one container (the kubelet may report swap per pod
// only; a pod's swap is its containers' sum, so it is split no further); page tables are not in the
// Summary and are left out.
import type { PodStats, Summary } from "../k8s-types";
import type { PodReport } from "../types";

/** The page size of x86-64 and most arm64 nodes (PAGE_SIZE); the Summary does not report it. */
export const PAGE_SIZE = 4096;

// Swap figures of the Summary API (KEP-2400, GA 1.34), read loosely so older Summaries still parse.
type SwapStats = { swap?: { swapUsageBytes?: number; swapAvailableBytes?: number } };

interface OomOrderRow {
  namespace: string;
  pod: string;
  uid: string;
  container: string;
  oomScoreAdj: number;
  /** Bytes counted as the container's rss, and which Summary field they came from. */
  rssBytes: number;
  rssFrom: "rssBytes" | "workingSetBytes";
  /** Swap in use; null when the Summary does not report swap for it. */
  swapBytes: number | null;
  /** Where the swap figure came from: the container's stats, or its one-container pod's. */
  swapFrom: "container" | "pod" | null;
  /** rss + swap, in pages (page tables unknown, left out). */
  usagePages: number;
  /** oom_score_adj × ⌊totalPages / 1000⌋. */
  adjPages: number;
  /** usagePages + adjPages: the kernel kills the highest first (negative totals included). */
  points: number;
  /** What `/proc/<pid>/oom_score` would read for a process of this size: the kernel's 0..1333 scale. */
  procOomScore: number;
}

export interface OomOrder {
  /** totalram + swap in pages, the global OOM's `totalpages`. */
  totalPages: number;
  /** Node swap capacity in bytes when reported, else null (counted as 0). */
  swapCapacity: number | null;
  rows: OomOrderRow[];
  /** Running containers the order cannot place, with the reason in words. */
  unranked: { namespace: string; pod: string; container: string; why: string }[];
}

const pages = (bytes: number) => Math.floor(Math.max(0, bytes) / PAGE_SIZE);

/** Reads the node's swap capacity (usage + available) from the Summary; null when not reported. */
export function nodeSwapCapacity(summary: Summary | null | undefined): number | null {
  const swap = (summary?.node as SwapStats | undefined)?.swap;
  if (swap?.swapAvailableBytes == null && swap?.swapUsageBytes == null) return null;
  return (swap.swapAvailableBytes ?? 0) + (swap.swapUsageBytes ?? 0);
}

/** fs/proc/base.c proc_oom_score: (1000 + points × 1000 / totalpages) × 2 / 3, C integer division. */
export function procOomScore(points: number, totalPages: number): number {
  return Math.max(0, Math.trunc(((1000 + Math.trunc((points * 1000) / Math.max(1, totalPages))) * 2) / 3));
}

function byName(a: OomOrderRow, b: OomOrderRow): number {
  return a.namespace.localeCompare(b.namespace) || a.pod.localeCompare(b.pod) || a.container.localeCompare(b.container);
}

/**
 * Orders the node's running containers as a node-wide OOM would pick them (oom_badness, highest
 * first), from the engine's per-container oom_score_adj and the Summary's usage. Only pods the
 * Summary reports (running ones) are considered; ties (which the kernel breaks by scan order, not
 * visible here) are listed by name.
 */
export function kernelOomOrder(pods: PodReport[], summary: Summary | null | undefined, memoryCapacity: number): OomOrder {
  const swapCapacity = nodeSwapCapacity(summary);
  const totalPages = pages(memoryCapacity) + pages(swapCapacity ?? 0);
  const perAdj = Math.floor(totalPages / 1000);
  const stats = new Map<string, PodStats>();
  for (const p of summary?.pods ?? []) stats.set(p.podRef.uid, p);
  const rows: OomOrderRow[] = [];
  const unranked: OomOrder["unranked"] = [];
  for (const pod of pods) {
    const podStats = stats.get(pod.uid);
    if (!podStats) continue;
    for (const c of pod.containers) {
      const cs = podStats.containers?.find((x) => x.name === c.name);
      const at = { namespace: pod.namespace, pod: pod.name, container: c.name };
      if (!cs) continue; // not running (an init container that finished, or not started yet)
      if (c.oomScoreAdj == null) {
        unranked.push({ ...at, why: "oom_score_adj unknown: the node's memory capacity is not known" });
        continue;
      }
      if (c.oomScoreAdj === -1000) {
        unranked.push({ ...at, why: "oom_score_adj -1000: the kernel never kills it" });
        continue;
      }
      const rss = cs.memory?.rssBytes;
      const ws = cs.memory?.workingSetBytes;
      if (rss == null && ws == null) {
        unranked.push({ ...at, why: "no memory stats in the Summary" });
        continue;
      }
      const rssBytes = rss ?? ws!;
      const own = (cs as SwapStats).swap?.swapUsageBytes;
      const podSwap = (podStats as SwapStats).swap?.swapUsageBytes;
      const alone = (podStats.containers?.length ?? 0) === 1;
      const swapBytes = own ?? (alone ? podSwap : undefined) ?? null;
      const swapFrom = own != null ? "container" : swapBytes != null ? "pod" : null;
      const usagePages = pages(rssBytes) + pages(swapBytes ?? 0);
      const adjPages = c.oomScoreAdj * perAdj;
      rows.push({
        ...at,
        uid: pod.uid,
        oomScoreAdj: c.oomScoreAdj,
        rssBytes,
        rssFrom: rss != null ? "rssBytes" : "workingSetBytes",
        swapBytes,
        swapFrom,
        usagePages,
        adjPages,
        points: usagePages + adjPages,
        procOomScore: procOomScore(usagePages + adjPages, totalPages),
      });
    }
  }
  rows.sort((a, b) => b.points - a.points || byName(a, b));
  return { totalPages, swapCapacity, rows, unranked };
}
