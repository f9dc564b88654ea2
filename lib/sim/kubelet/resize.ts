// A pod mid in-place resize (KEP-1287), as a v1.33+ API server and kubelet show it: after
// `kubectl patch pod --subresource resize`, spec.containers[].resources hold the new values;
// status.containerStatuses[].allocatedResources the requests the kubelet admitted (the old ones
// while the resize is pending, the new ones once allocated); status.containerStatuses[].resources
// what the runtime applied (still the old values in both states); and a pod condition
// PodResizePending (reason Deferred) or PodResizeInProgress (k8s.io/api core/v1
// PodConditionType, v1.33+; the older status.resize field is not written).
import { z } from "zod";

import { rfc3339 } from "../state/clock";
import { bytes } from "../state/units";
import type { ContainerTemplate, PodRecord, PodTemplate } from "../state/world";

const quantity = z.union([z.string(), z.number()]).transform(String);
const resources = z.object({
  requests: z.record(z.string(), quantity).optional(),
  limits: z.record(z.string(), quantity).optional(),
});

/** A workload's resize request: the resources each named container was patched to, and where the kubelet stands. */
export const ResizeSpec = z.object({
  state: z.enum(["Pending", "InProgress"]),
  // PodResizePending's reason is Deferred here (may fit later); Infeasible is not simulated.
  /** Seconds after the pod started that the resize was requested. */
  after: z.number().nonnegative().default(60),
  containers: z.record(z.string(), resources),
});
export type ResizeSpec = z.infer<typeof ResizeSpec>;

type Resources = ContainerTemplate["resources"];

/** The container's spec resources: the resize target when the workload has one for it, else the template's. */
export function specResources(t: PodTemplate, c: ContainerTemplate): Resources {
  const to = t.spec.resize?.containers[c.name];
  return to ? { ...(to.requests && { requests: to.requests }), ...(to.limits && { limits: to.limits }) } : c.resources;
}

/** The resize fields of a running container's status; empty when the workload is not resizing. */
export function resizeContainerStatus(t: PodTemplate, c: ContainerTemplate): object {
  const r = t.spec.resize;
  if (!r) return {};
  const allocated = r.state === "InProgress" ? specResources(t, c) : c.resources;
  return { allocatedResources: allocated.requests ?? {}, resources: c.resources };
}

const memoryRequest = (r: Resources) => bytes(r.requests?.memory ?? "0");

// A Deferred resize carries the admission error (pkg/scheduler/framework InsufficientResourceError,
// "Node didn't have enough resource: %s, requested: %d, used: %d, capacity: %d"): the pod's new
// memory request against the other pods' allocated requests and the node's allocatable.
function pendingMessage(p: PodRecord): string {
  const requested = p.t.containers.reduce((a, c) => a + memoryRequest(specResources(p.t, c)), 0);
  let used = 0;
  for (const other of p.node?.pods ?? [])
    if (other !== p && !other.evicted) used += other.t.containers.reduce((a, c) => a + memoryRequest(c.resources), 0);
  const capacity = bytes(p.node?.allocatable.memory ?? "0");
  return `Node didn't have enough resource: memory, requested: ${requested}, used: ${used}, capacity: ${capacity}`;
}

/** The PodResizePending / PodResizeInProgress condition of a running pod of a resizing workload. */
export function resizeConditions(p: PodRecord, started: number): object[] {
  const r = p.t.spec.resize;
  if (!r) return [];
  const at = rfc3339(started + r.after * 1000);
  return r.state === "Pending"
    ? [
        {
          type: "PodResizePending",
          status: "True",
          lastProbeTime: at,
          lastTransitionTime: at,
          reason: "Deferred",
          message: pendingMessage(p),
        },
      ]
    : [{ type: "PodResizeInProgress", status: "True", lastProbeTime: at, lastTransitionTime: at }];
}
