// The simulated cluster's state in compact form: nodes, and pods as small records that point at
// a shared per-workload template. Wire JSON is built from these on demand (objects.ts), which is
// what keeps 150 000 pods well under a gigabyte.
import { initialImages, type SimImage } from "../kubelet/images";
import { resolveCount, type PoolSpec, type Scenario, type WorkloadSpec } from "./scenario";
import { hash01, seededUid } from "./units";
import { compileCurve, isDynamic, type CompiledCurve, type UsageKind } from "./workload";

export interface ContainerTemplate {
  name: string;
  image: string;
  resources: { requests?: Record<string, string>; limits?: Record<string, string> };
  usage: Record<Exclude<UsageKind, "volume">, CompiledCurve>;
}

export interface PodTemplate {
  spec: WorkloadSpec;
  name: string;
  namespace: string;
  hash: string;
  labels: Record<string, string>;
  ownerUid: string;
  containers: ContainerTemplate[];
  volumes: Array<{ name: string; emptyDir: { medium?: string; sizeLimit?: string }; usage: CompiledCurve }>;
  dynamic: boolean;
  /** Set by the start-up code from the engine (API server defaulting + QoS rules live there). */
  qosClass: string;
}

type Phase = "Pending" | "Running" | "Failed";

export interface PodRecord {
  t: PodTemplate;
  name: string;
  replica: number;
  uid: string;
  node: SimNode | undefined;
  podIP: string;
  created: number;
  /** Where usage curves start: the sim's start for initial pods, the pod's start for later ones. */
  curveOrigin: number;
  phase: Phase;
  evicted?: { at: number; message: string; signal: string };
  /** Per container: kernel OOM kills at its limit (restart count, last kill time). */
  restarts?: Record<string, { count: number; at: number }>;
  /** A DisruptionTarget condition set by the control plane (incidents.ts), before the deletion. */
  disruption?: { reason: string; message: string; at: number };
  /** When the pod was deleted (graceful: it stays until the deletion completes). */
  deletionAt?: number;
}

interface ConditionState {
  status: "True" | "False" | "Unknown";
  reason: string;
  message: string;
  lastHeartbeatTime: number;
  lastTransitionTime: number;
}

export interface SimNode {
  index: number;
  /** Index within its pool (the `{i}` of its name). */
  poolIndex: number;
  name: string;
  uid: string;
  pool: PoolSpec;
  ip: string;
  kubeletPort: number;
  created: number;
  capacity: Record<string, string>;
  allocatable: Record<string, string>;
  conditions: Map<string, ConditionState>;
  pods: Set<PodRecord>;
  podSeq: number;
  /** The images on the node's image filesystem (kubelet/images.ts). */
  images: SimImage[];
  /** When the last pull of the pool's `pulls` happened, and how many there were. */
  lastPull: number;
  pullSeq: number;
  kubeletUp: boolean;
  stopsAt: number | undefined;
  leaseRenewed: number;
  leaseCreated: number;
  lastStatusReport: number;
  /** Cordoned (spec.unschedulable) and NoExecute taints set by incidents (incidents.ts). */
  unschedulable?: boolean;
  extraTaints?: Array<{ key: string; value?: string; effect: string; timeAdded: string }>;
  /** Some pod usage moves or a condition is set: the eviction manager must look every cycle. */
  dynamic: boolean;
}

/** Deterministic lowercase suffix in the alphabet the API server's generateName uses. */
export function nameSuffix(seed: string, len: number): string {
  const alphabet = "bcdfghjklmnpqrstvwxz2456789";
  let s = "";
  for (let i = 0; i < len; i++) s += alphabet[Math.floor(hash01(`${seed}/${i}`) * alphabet.length)];
  return s;
}

/** Loopback address of node i: 127.1.x.y, never 127.0.0.1 (that one is the API server's). */
function nodeIp(i: number): string {
  return `127.1.${Math.floor(i / 250)}.${(i % 250) + 1}`;
}

/** Builds the nodes of every pool. */
export function buildNodes(sc: Scenario, now: number): SimNode[] {
  const nodes: SimNode[] = [];
  for (const pool of sc.pools) {
    const n = resolveCount(pool.count, sc.params);
    const stopping = pool.kubeletStopsCount ?? n;
    for (let i = 0; i < n; i++) {
      const index = nodes.length;
      const name = (pool.nodeName ?? `${pool.name}-{i}`).replaceAll("{i}", String(i));
      nodes.push({
        index,
        poolIndex: i,
        name,
        pool,
        ip: nodeIp(index),
        kubeletPort: 10250,
        uid: seededUid(`${sc.seed}/node/${name}`),
        created: now - 86400_000 * 3 - index * 1000,
        capacity: pool.capacity,
        allocatable: pool.capacity,
        conditions: new Map(),
        pods: new Set(),
        podSeq: 0,
        images: initialImages(sc, pool, now),
        lastPull: now,
        pullSeq: 0,
        kubeletUp: true,
        stopsAt: pool.kubeletStopsAfter !== undefined && i < stopping ? now + pool.kubeletStopsAfter * 1000 : undefined,
        leaseRenewed: now,
        leaseCreated: now - 86400_000 * 3,
        lastStatusReport: now,
        dynamic: pool.kubeletStopsAfter !== undefined || !!pool.images.pulls,
      });
    }
  }
  return nodes;
}

/** Compiles a workload (one copy) into a shared pod template. */
export function compileTemplate(sc: Scenario, spec: WorkloadSpec, name: string, namespace: string): PodTemplate {
  const hash = nameSuffix(`${sc.seed}/${namespace}/${name}/hash`, 10);
  const labels: Record<string, string> = { app: name, ...spec.labels };
  if (spec.kind === "Deployment") labels["pod-template-hash"] = hash;
  if (spec.kind === "DaemonSet" || spec.kind === "StatefulSet") labels["controller-revision-hash"] = hash;
  const containers = spec.containers.map((c) => ({
    name: c.name,
    image: c.image,
    resources: { ...(c.requests ? { requests: c.requests } : {}), ...(c.limits ? { limits: c.limits } : {}) },
    usage: {
      cpu: compileCurve("cpu", c.usage.cpu),
      memory: compileCurve("memory", c.usage.memory),
      rootfs: compileCurve("rootfs", c.usage.rootfs),
      logs: compileCurve("logs", c.usage.logs),
      processes: compileCurve("processes", c.usage.processes ?? "1"),
    },
  }));
  const volumes = spec.volumes.map((v) => ({ name: v.name, emptyDir: v.emptyDir, usage: compileCurve("volume", v.usage) }));
  const dynamic = containers.some((c) => Object.values(c.usage).some(isDynamic)) || volumes.some((v) => isDynamic(v.usage));
  return {
    spec,
    name,
    namespace,
    hash,
    labels,
    containers,
    volumes,
    dynamic,
    qosClass: "BestEffort",
    ownerUid: seededUid(`${sc.seed}/owner/${namespace}/${name}`),
  };
}

/** Expands workloads (and their copies) into templates with the nodes each replica goes to. */
export function placeWorkloads(sc: Scenario, nodes: SimNode[]): Array<{ t: PodTemplate; node: SimNode; replica: number }> {
  const out: Array<{ t: PodTemplate; node: SimNode; replica: number }> = [];
  sc.workloads.forEach((w, wi) => {
    const pool = nodes.filter((n) => !w.pools || w.pools.includes(n.pool.name));
    if (pool.length === 0) return;
    const copies = resolveCount(w.copies, sc.params);
    const replicas = resolveCount(w.replicas, sc.params);
    for (let k = 0; k < copies; k++) {
      const name = copies > 1 ? `${w.name}-${k}` : w.name;
      const ns = w.namespaceCount > 1 ? `${w.namespace}-${k % w.namespaceCount}` : w.namespace;
      const t = compileTemplate(sc, w, name, ns);
      if (w.kind === "DaemonSet" || w.kind === "Static") pool.forEach((node, r) => out.push({ t, node, replica: r }));
      else for (let r = 0; r < replicas; r++) out.push({ t, node: pool[(wi + k * replicas + r) % pool.length]!, replica: r });
    }
  });
  return out;
}
