// Synthetic but realistic kubelet inputs for the benchmark: a Node, its pods (two containers,
// requests/limits, a mix of QoS and priorities) and a Summary whose numbers add up.

const GI = 1024 ** 3;
const MI = 1024 ** 2;

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

export interface SyntheticNode {
  node: string;
  pods: string;
  summary: string;
  configz: string;
}

/** Builds node `i`'s JSON documents as the API server and kubelet would serve them. */
export function syntheticNode(i: number, podsPerNode: number): SyntheticNode {
  const rand = rng(i + 1);
  const name = `node-${String(i).padStart(5, "0")}`;
  const memCap = 16 * GI;
  const pods = [];
  const podStats = [];
  let ws = 0;
  let fsUsed = 0;
  for (let p = 0; p < podsPerNode; p++) {
    const uid = `uid-${i}-${p}`;
    const req = (64 + Math.floor(rand() * 512)) * MI;
    const use = Math.floor(req * (0.3 + rand() * 1.2));
    const besteffort = p % 10 === 0;
    const res = besteffort
      ? {}
      : { requests: { cpu: "100m", memory: `${req / MI}Mi` }, limits: { memory: `${(2 * req) / MI}Mi` } };
    pods.push({
      metadata: { name: `app-${p}`, namespace: `ns-${p % 7}`, uid },
      spec: {
        nodeName: name,
        priority: p % 13 === 0 ? 1000 : 0,
        containers: [
          { name: "app", resources: res },
          { name: "sidecar", resources: besteffort ? {} : { requests: { cpu: "10m", memory: "32Mi" } } },
        ],
        volumes: [{ name: "scratch", emptyDir: {} }],
      },
      status: { phase: "Running" },
    });
    const root = Math.floor(rand() * 200 * MI);
    const logs = Math.floor(rand() * 50 * MI);
    ws += use;
    fsUsed += root + logs;
    podStats.push({
      podRef: { name: `app-${p}`, namespace: `ns-${p % 7}`, uid },
      memory: { workingSetBytes: use },
      containers: [
        {
          name: "app",
          memory: { workingSetBytes: use - 10 * MI },
          rootfs: { usedBytes: root, inodesUsed: 40 },
          logs: { usedBytes: logs, inodesUsed: 2 },
        },
        {
          name: "sidecar",
          memory: { workingSetBytes: 10 * MI },
          rootfs: { usedBytes: 0, inodesUsed: 1 },
          logs: { usedBytes: 0, inodesUsed: 1 },
        },
      ],
      volume: [{ name: "scratch", usedBytes: 4096, inodesUsed: 1 }],
      process_stats: { process_count: 1 + Math.floor(rand() * 40) },
    });
  }
  const fsCap = 100 * GI;
  const summary = {
    node: {
      nodeName: name,
      memory: { availableBytes: memCap - ws - GI, workingSetBytes: ws + GI },
      systemContainers: [{ name: "pods", memory: { availableBytes: memCap - GI - ws, workingSetBytes: ws } }],
      fs: { availableBytes: fsCap - fsUsed - 5 * GI, capacityBytes: fsCap, inodesFree: 6_000_000, inodes: 6_553_600 },
      runtime: {
        imageFs: { availableBytes: fsCap - fsUsed - 5 * GI, capacityBytes: fsCap, inodesFree: 6_000_000, inodes: 6_553_600 },
      },
      rlimit: { maxpid: 4_194_304, curproc: 900 },
    },
    pods: podStats,
  };
  const node = {
    metadata: { name, uid: `node-uid-${i}` },
    status: { capacity: { cpu: "8", memory: `${memCap / 1024}Ki`, "ephemeral-storage": `${fsCap / 1024}Ki`, pods: "110" } },
  };
  const configz = {
    kubeletconfig: {
      evictionHard: { "memory.available": "200Mi", "nodefs.available": "10%" },
      kubeReserved: { cpu: "100m", memory: "512Mi" },
    },
  };
  return {
    node: JSON.stringify(node),
    pods: JSON.stringify({ items: pods }),
    summary: JSON.stringify(summary),
    configz: JSON.stringify(configz),
  };
}
