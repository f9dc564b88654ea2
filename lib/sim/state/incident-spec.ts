// Scenario incidents: the disruptions besides the kubelet's own evictions that kill pods in a
// real cluster, played by the simulator's control plane at set times (seconds after start),
// repeated every `every` seconds when given. Kernel OOM kills at a container's limit need no
// incident: a usage curve that reaches its memory limit is killed (lib/sim/kubelet/oom-kills.ts).
import { z } from "zod";

const where = {
  pool: z.string(),
  /** Index of the node within its pool. */
  node: z.number().int().nonnegative().default(0),
  at: z.number().nonnegative(),
  every: z.number().positive().optional(),
};

export const IncidentSpec = z.discriminatedUnion("kind", [
  /** kubectl drain: cordon, evict every pod but DaemonSet and mirror pods through the Eviction API, uncordon after `for` s. */
  z.object({ kind: z.literal("drain"), ...where, for: z.number().positive().default(300) }),
  /** The scheduler preempts the node's lowest-priority pod for a pod of `workload` (deleted again after `for` s). */
  z.object({ kind: z.literal("preempt"), ...where, workload: z.string(), for: z.number().positive().default(300) }),
  /** A NoExecute taint for `for` s: the taint eviction controller deletes the pods that do not tolerate it. */
  z.object({
    kind: z.literal("taint"),
    ...where,
    key: z.string(),
    value: z.string().optional(),
    for: z.number().positive().default(120),
  }),
  /** The kernel's OOM killer runs for the whole node and kills `process`: the kubelet's SystemOOM event. */
  z.object({ kind: z.literal("system-oom"), ...where, process: z.string() }),
]);
export type IncidentSpec = z.infer<typeof IncidentSpec>;
