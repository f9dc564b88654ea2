// Scenario files (lib/sim/scenarios/*.yaml), validated with zod. A scenario describes node pools
// (capacity, kubelet configuration, filesystems) and workloads (requests/limits, priority, usage
// curves); "$name" numbers refer to `params`, so `large` can be sized by the caller.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { z } from "zod";

import { ResizeSpec } from "../kubelet/resize";
import { IncidentSpec } from "./incident-spec";

const quantity = z.union([z.string(), z.number()]).transform(String);
const count = z.union([z.number().int().nonnegative(), z.string().regex(/^\$\w+$/)]);

/** A usage curve: a constant, or a ramp from `from` to `to` over `over` s starting `after` s into the pod's life. */
export const Curve = z.union([
  quantity,
  z.object({
    from: quantity,
    to: quantity,
    over: z.number().positive(),
    after: z.number().nonnegative().default(0),
    jitter: z.number().min(0).max(0.5).default(0),
    /** Restart the ramp every `period` s of the pod's life (a batch that fills up, finishes and starts again). */
    period: z.number().positive().optional(),
  }),
]);
export type Curve = z.infer<typeof Curve>;

const Usage = z.object({ cpu: Curve, memory: Curve, rootfs: Curve, logs: Curve, processes: Curve }).partial().default({});

const ContainerSpec = z.object({
  name: z.string(),
  image: z.string().default("registry.k8s.io/pause:3.10"),
  requests: z.record(z.string(), quantity).optional(),
  limits: z.record(z.string(), quantity).optional(),
  usage: Usage,
});

const Workload = z.object({
  name: z.string(),
  namespace: z.string().default("default"),
  kind: z.enum(["Deployment", "DaemonSet", "StatefulSet", "Static"]).default("Deployment"),
  /** Stamp the workload out this many times (name-k, spread over `namespaceCount` namespaces); for `large`. */
  copies: count.default(1),
  namespaceCount: z.number().int().positive().default(1),
  /** Total replicas spread round-robin over the pools' nodes; DaemonSet and Static put one on each node. */
  replicas: count.default(1),
  pools: z.array(z.string()).optional(),
  priorityClassName: z.string().optional(),
  priority: z.number().int().optional(),
  labels: z.record(z.string(), z.string()).default({}),
  containers: z.array(ContainerSpec).min(1),
  volumes: z
    .array(
      z.object({
        name: z.string(),
        emptyDir: z.object({ medium: z.string().optional(), sizeLimit: quantity.optional() }).default({}),
        usage: Curve.default("0"),
      }),
    )
    .default([]),
  /** Seconds before the owning controller recreates an evicted pod; omit for pods nobody recreates. */
  recreateAfter: z.number().nonnegative().optional(),
  /** Every pod of the workload is mid in-place resize (lib/sim/kubelet/resize.ts). */
  resize: ResizeSpec.optional(),
});
export type WorkloadSpec = z.infer<typeof Workload>;

const FsSpec = z.object({ capacity: quantity, inodes: z.number().int().positive() });

const Pool = z.object({
  name: z.string(),
  count: count,
  /** Node name template; `{i}` is the index within the pool. */
  nodeName: z.string().optional(),
  labels: z.record(z.string(), z.string()).default({}),
  capacity: z.record(z.string(), quantity),
  kubeletVersion: z.string().default("v1.33.4"),
  osImage: z.string().default("Ubuntu 24.04.2 LTS"),
  kernelVersion: z.string().default("6.8.0-1029-aws"),
  containerRuntimeVersion: z.string().default("containerd://2.0.5"),
  /** KubeletConfiguration fields (as in a config file); served by /configz after defaulting. */
  kubeletConfig: z.record(z.string(), z.unknown()).default({}),
  filesystems: z.object({ nodefs: FsSpec, imagefs: FsSpec.optional() }),
  /**
   * Images on disk: `used` is shared by the pool's workloads' images (in use while a pod on the
   * node runs them), `unused` is old images image GC can delete. `pulls`: every `every` seconds a
   * short job pulls a new image of `size` onto the node, unused once it finished (kubelet/images.ts).
   */
  images: z
    .object({
      used: quantity,
      unused: quantity,
      pulls: z.object({ every: z.number().positive(), size: quantity }).optional(),
    })
    .default({ used: "4Gi", unused: "2Gi" }),
  system: z
    .object({ memory: quantity, disk: quantity, inodes: z.number().int(), processes: z.number().int() })
    .default({ memory: "700Mi", disk: "6Gi", inodes: 180000, processes: 220 }),
  pidMax: z.number().int().positive().default(4194304),
  /** Stop renewing the Lease (and posting status) this many seconds after start; the kubelet is gone. */
  kubeletStopsAfter: z.number().nonnegative().optional(),
  /** How many nodes of the pool stop (default all). */
  kubeletStopsCount: z.number().int().nonnegative().optional(),
  /** The last N nodes boot cgroup v1: with KubeletPSI on their kubelet reports all-zero PSI (psi.ts). */
  cgroupV1Nodes: z.number().int().nonnegative().optional(),
  /** A swap device on every node, used under LimitedSwap (summary-pressure.ts). */
  swap: z.object({ capacity: quantity }).optional(),
});
export type PoolSpec = z.infer<typeof Pool>;

const FaultSpec = z.object({
  target: z.enum(["kubelet", "apiserver", "watch"]),
  nodes: z.array(z.string()).optional(),
  // huge: a body far past any sane size; slowloris: headers, then a byte every `ms`; absurd:
  // valid JSON with impossible numbers (2^64-1 inodes, negative available bytes)
  kind: z.enum(["latency", "timeout", "error", "malformed", "throttle", "drop", "huge", "slowloris", "absurd"]),
  ms: z.number().nonnegative().optional(),
  probability: z.number().min(0).max(1).default(1),
  paths: z.array(z.string()).optional(),
});
export type FaultSpec = z.infer<typeof FaultSpec>;

export const Scenario = z.object({
  name: z.string(),
  description: z.string().default(""),
  seed: z.number().int().default(1),
  start: z.string().default("2026-03-02T09:00:00Z"),
  params: z.record(z.string(), z.number()).default({}),
  /** Seconds the demo plays (and Headroom collects, every 10 s) before it serves: history at once. */
  warmup: z.number().int().nonnegative().default(0),
  /** Extra namespaces besides default, kube-system, kube-public, kube-node-lease. */
  namespaces: z.array(z.string()).default([]),
  pools: z.array(Pool).min(1),
  workloads: z.array(Workload).default([]),
  faults: z.array(FaultSpec).default([]),
  /** Drains, preemptions, NoExecute taints and system OOMs (incident-spec.ts). */
  incidents: z.array(IncidentSpec).default([]),
});
export type Scenario = z.infer<typeof Scenario>;

const DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "scenarios");

/** Lists the bundled scenario names. */
export function scenarioNames(): string[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => f.slice(0, -5))
    .sort();
}

/** Parses scenario YAML text; throws an Error naming the path of the first problem. */
function parseScenario(text: string, params: Record<string, number> = {}): Scenario {
  const r = Scenario.safeParse(parse(text));
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new Error(`scenario: ${i.path.join(".")}: ${i.message}`);
  }
  const unknown = Object.keys(params).filter((k) => !(k in r.data.params));
  if (unknown.length) {
    const takes = Object.keys(r.data.params);
    throw new Error(
      `scenario ${r.data.name}: unknown parameter${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")} (it takes ${takes.length ? takes.join(", ") : "no parameters"})`,
    );
  }
  return { ...r.data, params: { ...r.data.params, ...params } };
}

/** Loads a bundled scenario by name (or a path to a YAML file). */
export function loadScenario(nameOrPath: string, params: Record<string, number> = {}): Scenario {
  const file = nameOrPath.endsWith(".yaml") ? nameOrPath : join(DIR, `${nameOrPath}.yaml`);
  return parseScenario(readFileSync(file, "utf8"), params);
}

/** Resolves a count that may be a "$param" reference. */
export function resolveCount(c: number | string, params: Record<string, number>): number {
  if (typeof c === "number") return c;
  const v = params[c.slice(1)];
  if (v === undefined) throw new Error(`scenario: unknown param ${c}`);
  return v;
}
