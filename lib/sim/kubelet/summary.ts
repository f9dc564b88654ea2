// The kubelet Summary API (/stats/summary) generated from usage curves. Numbers are consistent by
// construction: node memory available + workingSet = capacity; the `pods` system container and
// the node sum the pods' working sets; filesystems add up images, rootfs, logs and emptyDirs on the
// filesystem each lives on (imagefs when dedicated, else nodefs).
import { hugepageAwareEvictionOn, hugepageBytes } from "../../eviction/advisor";
import { rfc3339 } from "../state/clock";
import { bytes } from "../state/units";
import { page, valueAt } from "../state/workload";
import type { PodRecord, SimNode } from "../state/world";
import { imageBytes } from "./images";
import { addPsi, addSwap, nodeLoad, type PodEntry } from "./summary-pressure";

const INODE_BYTES = 64 * 1024;

interface PodUsage {
  p: PodRecord;
  stats: Record<string, unknown>;
  ws: number;
  usage: number;
  cpuNano: number;
  rootfs: number;
  rootfsInodes: number;
  logs: number;
  volumes: number;
  procs: number;
}

/** Computes one running pod's stats at `now`. */
function podUsage(p: PodRecord, now: number, time: string, fsOf: (where: "rootfs" | "logs") => object): PodUsage {
  const started = p.created + 2000;
  const age = (now - p.curveOrigin) / 1000;
  const uptime = (now - started) / 1000;
  const key = p.uid;
  let ws = 0,
    usage = 0,
    cpuNano = 0,
    rootfs = 0,
    rootfsInodes = 0,
    logs = 0,
    procs = 0;
  const containers = p.t.containers.map((c) => {
    const cws = page(valueAt(c.usage.memory, age, `${key}/${c.name}/m`));
    const cuse = cws + page(cws * 0.06);
    const cpu = valueAt(c.usage.cpu, age, `${key}/${c.name}/c`) * 1e6;
    const rfs = page(valueAt(c.usage.rootfs, age, `${key}/${c.name}/r`)) + 4096 * 6;
    const lg = page(valueAt(c.usage.logs, age, `${key}/${c.name}/l`)) + 4096;
    const rIn = 12 + Math.floor(rfs / INODE_BYTES);
    ws += cws;
    usage += cuse;
    cpuNano += cpu;
    rootfs += rfs;
    rootfsInodes += rIn;
    logs += lg;
    procs += Math.max(1, valueAt(c.usage.processes, age, `${key}/${c.name}/p`));
    return {
      name: c.name,
      startTime: rfc3339(started + 1000),
      cpu: { time, usageNanoCores: cpu, usageCoreNanoSeconds: Math.round(cpu * Math.max(0, uptime)) },
      memory: { time, usageBytes: cuse, workingSetBytes: cws, rssBytes: page(cws * 0.9), pageFaults: 1200, majorPageFaults: 0 },
      rootfs: { time, ...fsOf("rootfs"), usedBytes: rfs, inodesUsed: rIn },
      logs: { time, ...fsOf("logs"), usedBytes: lg, inodesUsed: 2 },
    };
  });
  let volumes = 0;
  const volume = p.t.volumes.map((v) => {
    const used = page(valueAt(v.usage, age, `${key}/${v.name}/v`));
    volumes += used;
    return { time, ...fsOf("logs"), usedBytes: used, inodesUsed: 1 + Math.floor(used / INODE_BYTES), name: v.name };
  });
  const eph = rootfs + logs + volumes;
  const stats = {
    podRef: { name: p.name, namespace: p.t.namespace, uid: p.uid },
    startTime: rfc3339(started),
    containers,
    cpu: { time, usageNanoCores: cpuNano, usageCoreNanoSeconds: Math.round(cpuNano * Math.max(0, uptime)) },
    memory: {
      time,
      availableBytes: 0,
      usageBytes: usage,
      workingSetBytes: ws,
      rssBytes: page(ws * 0.9),
      pageFaults: 1200,
      majorPageFaults: 0,
    },
    ...(volume.length ? { volume } : {}),
    "ephemeral-storage": { time, ...fsOf("logs"), usedBytes: eph, inodesUsed: rootfsInodes + 2 * containers.length },
    process_stats: { process_count: procs },
  };
  return { p, stats, ws, usage, cpuNano, rootfs, rootfsInodes, logs, volumes, procs };
}

// A kubelet reads a file system's bytes from statfs(2): whole blocks (capacity = f_blocks × f_bsize,
// available = f_bavail × f_bsize), never a file's exact size. Images and logs of any byte size
// therefore fill whole 4 KiB blocks here too.
const BLOCK = 4096;
const inBlocks = (used: number) => Math.ceil(used / BLOCK) * BLOCK;

function fs(time: string, capacity: number, used: number, inodes: number, inodesUsed: number) {
  const cap = Math.floor(capacity / BLOCK) * BLOCK;
  return {
    time,
    availableBytes: Math.max(0, cap - inBlocks(used)),
    capacityBytes: cap,
    usedBytes: inBlocks(used),
    inodesFree: Math.max(0, inodes - inodesUsed),
    inodes,
    inodesUsed,
  };
}

/** Builds the Summary for a node; `podsMemoryLimit` is the kubepods cgroup limit (capacity − reserved). */
export function buildSummary(n: SimNode, now: number, podsMemoryLimit: number): object {
  const time = rfc3339(now);
  const pool = n.pool;
  const dedicated = !!pool.filesystems.imagefs;
  const nodefsCap = bytes(pool.filesystems.nodefs.capacity);
  const nodefsInodes = pool.filesystems.nodefs.inodes;
  const imgCap = dedicated ? bytes(pool.filesystems.imagefs!.capacity) : nodefsCap;
  const imgInodes = dedicated ? pool.filesystems.imagefs!.inodes : nodefsInodes;
  const running = [...n.pods].filter((p) => p.phase === "Running");
  // First pass for the totals; the per-container fs blocks need the filesystem's final numbers.
  const pass = (fsOf: (w: "rootfs" | "logs") => object) => running.map((p) => podUsage(p, now, time, fsOf));
  const totals = pass(() => ({}));
  const sum = (f: (u: PodUsage) => number) => totals.reduce((a, u) => a + f(u), 0);
  const podsWs = sum((u) => u.ws);
  const images = imageBytes(n);
  const imageInodes = Math.floor(images / INODE_BYTES);
  const rootfs = sum((u) => u.rootfs);
  const rootfsInodes = sum((u) => u.rootfsInodes);
  const logsVol = sum((u) => u.logs + u.volumes);
  const logsInodes = sum((u) => u.p.t.containers.length * 2 + Math.floor(u.volumes / INODE_BYTES));
  const imgUsed = images + rootfs;
  const imgInodesUsed = imageInodes + rootfsInodes;
  const nodeUsed = bytes(pool.system.disk) + logsVol + (dedicated ? 0 : imgUsed);
  const nodeInodesUsed = pool.system.inodes + logsInodes + (dedicated ? 0 : imgInodesUsed);
  const nodefs = fs(time, nodefsCap, nodeUsed, nodefsInodes, nodeInodesUsed);
  // On a shared filesystem the kubelet reports the same device for both, with its own usedBytes.
  const imagefs = dedicated
    ? fs(time, imgCap, imgUsed, imgInodes, imgInodesUsed)
    : { ...nodefs, usedBytes: inBlocks(imgUsed), inodesUsed: imgInodesUsed };
  const brief = (f: typeof nodefs) => ({
    availableBytes: f.availableBytes,
    capacityBytes: f.capacityBytes,
    inodesFree: f.inodesFree,
    inodes: f.inodes,
  });
  const pods = pass((w) => brief(w === "rootfs" ? imagefs : nodefs));

  const memCap = bytes(n.capacity.memory ?? "0");
  const kubeletWs = 64 * 1024 * 1024;
  const runtimeWs = 96 * 1024 * 1024;
  const nodeWs = Math.min(memCap, bytes(pool.system.memory) + podsWs);
  // A kubelet with HugepageAwareEviction (kubernetes#138127, pkg/kubelet/server/stats/summary.go)
  // reports memory.available without the hugepage pool; without it the pool counts as free memory.
  const featureGates = (pool.kubeletConfig.featureGates ?? {}) as Record<string, unknown>;
  const hugepages = hugepageAwareEvictionOn(featureGates, pool.kubeletVersion) ? hugepageBytes(n.capacity) : 0;
  const cpuNano = sum((u) => u.cpuNano) + 60e6;
  const uptime = Math.max(1, (now - n.created) / 1000);
  const sys = (name: string, ws: number, extra: object = {}) => ({
    name,
    startTime: rfc3339(n.created + 5000),
    cpu: { time, usageNanoCores: 20e6, usageCoreNanoSeconds: Math.round(20e6 * uptime) },
    memory: {
      time,
      ...extra,
      usageBytes: ws + page(ws * 0.05),
      workingSetBytes: ws,
      rssBytes: page(ws * 0.9),
      pageFaults: 5000,
      majorPageFaults: 0,
    },
  });
  const summary = {
    node: {
      nodeName: n.name,
      systemContainers: [
        sys("kubelet", kubeletWs),
        sys("runtime", runtimeWs),
        sys("pods", podsWs, { availableBytes: Math.max(0, podsMemoryLimit - podsWs) }),
      ],
      startTime: rfc3339(n.created),
      cpu: { time, usageNanoCores: cpuNano, usageCoreNanoSeconds: Math.round(cpuNano * uptime) },
      memory: {
        time,
        availableBytes: Math.max(0, memCap - nodeWs - hugepages),
        usageBytes: Math.min(memCap, nodeWs + page((memCap - nodeWs) * 0.3)),
        workingSetBytes: nodeWs,
        rssBytes: page(nodeWs * 0.8),
        pageFaults: 90210,
        majorPageFaults: 12,
      },
      network: {
        time,
        name: "eth0",
        rxBytes: Math.round(uptime * 52e3),
        rxErrors: 0,
        txBytes: Math.round(uptime * 31e3),
        txErrors: 0,
        interfaces: [
          { name: "eth0", rxBytes: Math.round(uptime * 52e3), rxErrors: 0, txBytes: Math.round(uptime * 31e3), txErrors: 0 },
        ],
      },
      fs: nodefs,
      runtime: { imageFs: imagefs, containerFs: imagefs },
      rlimit: { time, maxpid: pool.pidMax, curproc: pool.system.processes + sum((u) => u.procs) },
    },
    pods: pods.map((u) => u.stats),
  };
  const load = nodeLoad(n, memCap - nodeWs, memCap, nodefs.usedBytes, nodefsCap, cpuNano);
  addPsi(n, summary.node, pods as unknown as PodEntry[], load, now, time);
  addSwap(n, summary.node, pods as unknown as PodEntry[], load, time);
  return summary;
}
