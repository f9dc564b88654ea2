import type { FsStats, MemoryStats, Summary } from "./k8s-types";

/** Growth factors per resource: 1.2 means every pod and the node use 20 % more than observed. */
export interface UsageScale {
  memory?: number;
  "ephemeral-storage"?: number;
  pid?: number;
}

function scaleMemory(m: MemoryStats | undefined, s: number, limit?: number | null): MemoryStats | undefined {
  if (!m || m.workingSetBytes == null) return m;
  const ws = Math.round(m.workingSetBytes * s);
  if (m.availableBytes == null) return { ...m, workingSetBytes: ws };
  // available + workingSet is the cgroup's (or machine's) size; growth eats into available.
  const size = limit ?? m.availableBytes + m.workingSetBytes;
  return { ...m, workingSetBytes: ws, availableBytes: Math.max(0, size - ws) };
}

function scaleFsUsed(fs: FsStats | undefined, s: number): FsStats | undefined {
  if (!fs || fs.usedBytes == null) return fs;
  return { ...fs, usedBytes: Math.round(fs.usedBytes * s) };
}

function scaleNodeFs(fs: FsStats | undefined, s: number): FsStats | undefined {
  if (!fs || fs.capacityBytes == null || fs.availableBytes == null) return fs;
  const used = Math.round((fs.capacityBytes - fs.availableBytes) * s);
  return { ...fs, availableBytes: Math.max(0, fs.capacityBytes - used), usedBytes: used };
}

/**
 * Returns a copy of the Summary with usage grown by `scale` and, when `podsMemoryLimit` is given,
 * the kubepods cgroup resized to it (what-if on kube/system-reserved). The input is not touched.
 */
export function scaleSummary(summary: Summary, scale: UsageScale, podsMemoryLimit?: number | null): Summary {
  const mem = scale.memory ?? 1;
  const disk = scale["ephemeral-storage"] ?? 1;
  const pid = scale.pid ?? 1;
  const node = summary.node;
  return {
    ...summary,
    node: node && {
      ...node,
      memory: scaleMemory(node.memory, mem),
      systemContainers: node.systemContainers?.map((c) =>
        c.name === "pods" ? { ...c, memory: scaleMemory(c.memory, mem, podsMemoryLimit) } : c,
      ),
      fs: scaleNodeFs(node.fs, disk),
      runtime: node.runtime && {
        ...node.runtime,
        imageFs: scaleNodeFs(node.runtime.imageFs, disk),
        containerFs: scaleNodeFs(node.runtime.containerFs, disk),
      },
      rlimit: node.rlimit && {
        ...node.rlimit,
        curproc: node.rlimit.curproc == null ? undefined : Math.round(node.rlimit.curproc * pid),
      },
    },
    pods: summary.pods?.map((p) => ({
      ...p,
      memory: scaleMemory(p.memory, mem),
      containers: p.containers?.map((c) => ({
        ...c,
        memory: scaleMemory(c.memory, mem),
        rootfs: scaleFsUsed(c.rootfs, disk),
        logs: scaleFsUsed(c.logs, disk),
      })),
      volume: p.volume?.map((v) => ({ ...v, usedBytes: scaleFsUsed(v, disk)?.usedBytes })),
      process_stats: p.process_stats && {
        process_count: p.process_stats.process_count == null ? undefined : Math.round(p.process_stats.process_count * pid),
      },
    })),
  };
}
