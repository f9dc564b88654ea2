// The wire shape of one pod termination (lib/k8s builds them from the informers, the pages read
// them). One record per termination: the cause's own fields are optional, so a record keeps only
// what its cause has (the fleet log holds thousands; see lib/k8s/documents/terminations.ts for the bound).
import { z } from "zod";

/**
 * Why a pod (or, for system-oom, a process) died:
 * - kubelet-eviction: node-pressure eviction (status.reason Evicted, DisruptionTarget TerminationByKubelet)
 * - api-eviction: the Eviction API (a drain, the descheduler, the autoscaler; DisruptionTarget EvictionByEvictionAPI)
 * - preemption: the scheduler made room for a higher-priority pod (PreemptionByScheduler, event Preempted)
 * - taint-manager: a NoExecute taint the pod does not tolerate (DeletionByTaintManager, event TaintManagerEviction)
 * - pod-gc: the pod garbage collector (DeletionByPodGC, e.g. its node no longer exists)
 * - oom-killed: the kernel killed a container at its memory limit (lastState.terminated OOMKilled, exit 137)
 * - system-oom: the kernel's OOM killer ran for the whole node (kubelet event SystemOOM)
 * - deleted: deleted while running without a DisruptionTarget (a user, a rollout, a scale-down)
 */
export const terminationCause = z.enum([
  "kubelet-eviction",
  "api-eviction",
  "preemption",
  "taint-manager",
  "pod-gc",
  "oom-killed",
  "system-oom",
  "deleted",
]);
export type TerminationCause = z.infer<typeof terminationCause>;

export const termination = z.object({
  /** Dedupe key: the same termination seen through the pod and its Event is one record. */
  id: z.string(),
  time: z.string().nullable(),
  cause: terminationCause,
  node: z.string().nullable(),
  /** Empty for system-oom (a process, not a pod). */
  namespace: z.string(),
  pod: z.string(),
  /** The owning workload (Deployment from its ReplicaSet, CronJob from its Job); kind "Pod" for a bare pod. */
  workload: z.object({ kind: z.string(), name: z.string() }),
  priority: z.number().nullable(),
  /** The message as Kubernetes wrote it (status message, condition message or Event). */
  message: z.string(),
  /** kubelet-eviction: the signal (from Headroom's view of the node) or null, and the message taken apart. */
  signal: z.string().nullable().optional(),
  resource: z.string().nullable().optional(),
  thresholdQuantity: z.number().nullable().optional(),
  available: z.number().nullable().optional(),
  containers: z.array(z.object({ name: z.string(), usage: z.number(), request: z.number() })).optional(),
  /** oom-killed: the container, its memory limit (bytes, null = none), its restart count and exit code. */
  container: z.string().optional(),
  limit: z.number().nullable().optional(),
  restartCount: z.number().optional(),
  exitCode: z.number().nullable().optional(),
  /** preemption: the preemptor as the scheduler names it (a UID, or namespace/name once resolved). */
  preemptor: z.string().nullable().optional(),
  /** taint-manager: the node's NoExecute taints; api-eviction: whether the node was cordoned (a drain). */
  taints: z.array(z.string()).optional(),
  cordoned: z.boolean().optional(),
  /** system-oom: the victim process and pid from the kubelet's event. */
  process: z.string().nullable().optional(),
  pid: z.number().nullable().optional(),
});
export type Termination = z.infer<typeof termination>;
