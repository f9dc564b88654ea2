// The documents that cross the wire between lib/k8s (server) and the dashboard (browser).
// Zod schemas validate what the route handlers send; the inferred types are what components read.
import { z } from "zod";

import { isRowShaped } from "@/lib/contract/overview-envelope";
import { termination } from "@/lib/contract/termination";
import type { Node, Pod, Summary } from "@/lib/eviction";

const signalFamily = z.enum(["memory", "disk", "pid"]);

/** Why a node's data is missing, partial or old. */
const collectionStatus = z.object({
  state: z.enum(["pending", "ok", "failed", "stale"]),
  /** Seconds since the last successful Summary collection; null before the first one. */
  ageSeconds: z.number().nullable(),
  /** Short cause of the last failure: "403 Forbidden", "timeout after 5s", "bad data: summary.node.fs…". */
  error: z.string().nullable(),
  /** Where the node's kubelet configuration came from. */
  configSource: z.enum(["configz", "profile", "defaults"]),
});
export type CollectionStatus = z.infer<typeof collectionStatus>;

const worstMargin = z.object({
  signal: z.string(),
  /** available − threshold, in the signal's unit (bytes, inodes, pids). */
  margin: z.number(),
  /** margin as a fraction of the signal's capacity, for colour scales. */
  fraction: z.number(),
  kind: z.enum(["hard", "soft"]),
  met: z.boolean(),
});
export type WorstMargin = z.infer<typeof worstMargin>;

const resourceAmounts = z.record(z.string(), z.number());

export const nodeRow = z.object({
  name: z.string(),
  pool: z.string().nullable(),
  labels: z.record(z.string(), z.string()),
  ready: z.enum(["True", "False", "Unknown"]),
  conditions: z.object({
    MemoryPressure: z.boolean(),
    DiskPressure: z.boolean(),
    PIDPressure: z.boolean(),
    NetworkUnavailable: z.boolean(),
  }),
  unschedulable: z.boolean(),
  /** Seconds since the node's Lease was renewed; null without a Lease. */
  leaseAgeSeconds: z.number().nullable(),
  leaseDurationSeconds: z.number().nullable(),
  worstMargin: z.record(signalFamily, worstMargin.nullable()),
  capacity: resourceAmounts,
  allocatable: resourceAmounts,
  requested: resourceAmounts,
  used: resourceAmounts,
  podCount: z.number(),
  collection: collectionStatus,
  /** Key into ClusterOverview.configs: nodes of a pool share one kubelet configuration. */
  configId: z.string(),
  /**
   * The soonest eviction the live forecast (lib/forecast) expects on the node: cluster ms, signal and
   * why (hard threshold met, soft grace over or running, a threshold reached at the recent rate).
   * null = none expected; absent in rows built without a forecast.
   */
  nextEviction: z
    .object({
      at: z.number(),
      signal: z.string(),
      because: z.enum(["hard-met", "grace-over", "grace", "reaches-hard", "reaches-soft"]),
      /** The time is the earliest the eviction can come: unused images are deleted first (lib/forecast/images-first.ts). */
      lowerBound: z.boolean().optional(),
    })
    .nullable()
    .optional(),
  /** A pressure condition the kubelet still reports with none of its thresholds met (evictionPressureTransitionPeriod), and when it clears (cluster ms). */
  pressureHold: z.object({ condition: z.string(), clearsAt: z.number() }).nullable().optional(),
  /** The latest observation per signal (engine `signals[].available/capacity`), for fleet-wide what-if in the browser. */
  observations: z.record(z.string(), z.object({ available: z.number(), capacity: z.number() })),
  /**
   * Kernel pressure (lib/k8s/store/node-pressure.ts): the node's memory PSI `full` avg60 in % (null when
   * not reported), why the kubelet reports no PSI (engine `psi.node.cause`), swap in use (bytes).
   * null without a Summary; absent in rows built without it.
   */
  pressure: z
    .object({
      memoryFullAvg60: z.number().nullable(),
      psiAbsent: z.enum(["kubelet-version", "feature-gate", "all-zero", "not-in-summary"]).nullable(),
      swapUsageBytes: z.number().nullable(),
    })
    .nullable()
    .optional(),
  /** The advisor's findings on the node by severity (lib/k8s/documents/findings.ts); absent in rows built without them. */
  findings: z.object({ error: z.number(), warning: z.number(), info: z.number() }).optional(),
  /** With HEADROOM_SHARDING=lease: the replica that collects the node (docs/replicas.md); absent otherwise. */
  owner: z.string().optional(),
  /**
   * With HEADROOM_SHARDING=lease, when the owner did not answer the merge in time: "owner unreachable:
   * replica X, Lease last renewed N s ago". The row then carries only what the Node object says.
   */
  ownerUnreachable: z.string().optional(),
});
export type NodeRow = z.infer<typeof nodeRow>;

export const clusterOverview = z.object({
  generatedAt: z.string(),
  cluster: z.object({
    context: z.string(),
    contexts: z.array(z.string()),
    demo: z.boolean(),
    collectionMode: z.enum(["direct", "proxy"]),
    ready: z.boolean(),
    nodesTotal: z.number(),
    nodesCollected: z.number(),
    /** Unreachable while the informers get no answer from the API server at all (the data is then as old as generatedAt minus the cache age says). */
    apiServer: z.object({ reachable: z.boolean(), error: z.string().nullable() }),
    /**
     * Only during the first sync, while the pod list is still arriving: the pods it brought so far.
     * Rows wait for it (a row from some of a node's pods would rank and total them wrongly).
     */
    podsListed: z.number().optional(),
    /** With HEADROOM_SHARDING=lease: the replica that answered, the live members, and those that did not answer the merge. */
    replicas: z.object({ identity: z.string(), members: z.array(z.string()), unreachable: z.array(z.string()) }).optional(),
  }),
  summary: z.object({
    nodesUnderPressure: z.number(),
    evictionsLastHour: z.number(),
    /** capacity − allocatable summed over nodes, per resource. */
    reserved: resourceAmounts,
    capacity: resourceAmounts,
  }),
  nodes: z.array(nodeRow),
  /** Distinct effective kubelet settings by id (engine input fields), so fleet what-if can re-run thresholds and allocatable per node. */
  configs: z.record(
    z.string(),
    z.object({
      kubeletConfig: z.record(z.string(), z.unknown()).nullable(),
      kubeletFlags: z.string().nullable(),
      source: z.enum(["configz", "profile", "defaults"]),
    }),
  ),
});
export type ClusterOverview = z.infer<typeof clusterOverview>;

/**
 * A row of the fleet table's document (`/api/cluster?rows=table`): the first paint needs neither
 * `labels` (the label filter) nor `observations` (the fleet what-if), ~850 of a row's ~2 050 bytes;
 * the page fetches the full document when a label filter asks for them.
 */
export type FleetRow = Omit<NodeRow, "labels" | "observations"> & Partial<Pick<NodeRow, "labels" | "observations">>;
export type FleetOverview = Omit<ClusterOverview, "nodes"> & { nodes: FleetRow[] };

/**
 * What the browser checks of the overview it receives: the envelope in full, each row only for its
 * shape. The server validated every row against nodeRow when it computed it (lib/k8s/documents/overview.ts);
 * re-validating 5 000 rows in the browser cost ~100 ms and the GC of zod's copies, a quarter of the
 * overview's time to interactive. The browser runs its zod-free twin, `parseOverviewEnvelope`
 * (overview-envelope.ts), which its test holds to this schema's verdicts and first errors.
 */
export const clusterOverviewInBrowser = clusterOverview.extend({
  nodes: z.array(z.custom<NodeRow>(isRowShaped, "must be a node row")),
});

const evictionRecord = z.object({
  time: z.string().nullable(),
  namespace: z.string(),
  pod: z.string(),
  /** node-pressure (kubelet), api (Eviction API, e.g. drain), oom (OOMKilled container), preemption. */
  kind: z.enum(["node-pressure", "api", "oom", "preemption"]),
  signalResource: z.string().nullable(),
  message: z.string(),
  thresholdQuantity: z.number().nullable(),
  available: z.number().nullable(),
  containers: z.array(z.object({ name: z.string(), usage: z.number(), request: z.number() })),
});
export type EvictionRecord = z.infer<typeof evictionRecord>;

const historySeries = z.object({
  /** Unix ms of the first sample; samples are `intervalSeconds` apart; NaN-free (missing = null). */
  start: z.number(),
  intervalSeconds: z.number(),
  signals: z.record(z.string(), z.object({ available: z.array(z.number().nullable()), capacity: z.number().nullable() })),
});
export type HistorySeries = z.infer<typeof historySeries>;

/** A JSON object typed as the engine's input type `T` (lib/eviction/k8s-types.ts). */
function engineObject<T extends object>() {
  return z.custom<T>((v) => typeof v === "object" && v !== null && !Array.isArray(v), "expected an object");
}

/** Everything the node page and its what-if need; the browser runs lib/eviction on it. */
export const nodeDetail = z.object({
  generatedAt: z.string(),
  row: nodeRow,
  // Kubernetes-native objects, trimmed to what the engine and the page read (no managedFields).
  // Checked here as JSON objects only: the engine validates their fields when it runs on them.
  node: engineObject<Node>(),
  pods: z.array(engineObject<Pod>()),
  summary: engineObject<Summary>().nullable(),
  kubeletConfig: z.record(z.string(), z.unknown()).nullable(),
  kubeletFlags: z.string().nullable(),
  conditions: z.array(
    z.object({
      type: z.string(),
      status: z.string(),
      reason: z.string().optional(),
      message: z.string().optional(),
      lastHeartbeatTime: z.string().optional(),
      lastTransitionTime: z.string().optional(),
    }),
  ),
  conditionHistory: z.array(z.object({ time: z.string(), type: z.string(), status: z.string(), reason: z.string().nullable() })),
  lease: z
    .object({
      holderIdentity: z.string().nullable(),
      renewTime: z.string().nullable(),
      leaseDurationSeconds: z.number().nullable(),
    })
    .nullable(),
  history: historySeries,
  /** The node's cumulative PSI counters (µs) by "resource.kind" ("memory.full"), same grid as `history`; absent when none. */
  psiHistory: historySeries.optional(),
  evictions: z.array(evictionRecord),
  /** The API server's recent Events about the node (as `kubectl describe node`), newest first. */
  events: z
    .array(
      z.object({ reason: z.string(), type: z.string(), message: z.string(), count: z.number(), time: z.string().nullable() }),
    )
    .optional(),
  /** The node's pod terminations with their causes, newest first (lib/k8s/documents/terminations.ts). */
  terminations: z.array(termination),
});
export type NodeDetail = z.infer<typeof nodeDetail>;
