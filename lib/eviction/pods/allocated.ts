// In-place pod resize (KEP-1287; beta and on by default since v1.33, GA in v1.35): after a
// `kubectl patch --subresource resize`, `spec` holds the resources asked for, while the kubelet
// keeps running the pod on what it has *allocated* until it admits the change.
//
// The kubelet computes oom_score_adj from the allocated resources: kubernetes/kubernetes
// pkg/kubelet/qos/policy.go `GetContainerOOMScoreAdjust` ("OOMScoreAdjust should be calculated
// based on the allocated resources, so the pod argument should contain the allocated resources in
// the spec"), fed by pkg/kubelet/allocation/allocation_manager.go `UpdatePodFromAllocation`, which
// overwrites each container's spec resources with its checkpointed allocation. Eviction ranking
// does not: the eviction manager ranks `GetActivePods()` (the pod manager's API pods) by
// `resourcehelper.PodRequests`, i.e. spec requests (docs/engine-rules.md, "Eviction ranking").
//
// The API mirrors the allocation in `status.containerStatuses[].allocatedResources` (requests
// only); `status.containerStatuses[].resources` is what the runtime actually applied.
import type { Container, ContainerStatus, Pod, PodCondition } from "../k8s-types";
import { listValue } from "./pod-resources";

/** Where a resize stands, from the pod conditions of k8s.io/api core/v1 (v1.33+): PodResizePending, PodResizeInProgress. */
export interface ResizeState {
  /** The kubelet has not allocated the new resources yet; reason "Deferred" (may fit later) or "Infeasible". */
  pending: { reason: string; message: string } | null;
  /** Allocated but not yet fully applied to the running containers. */
  inProgress: boolean;
}

const isTrue = (c: PodCondition) => c.status === "True";

/** Reads the PodResizePending / PodResizeInProgress conditions; null when the pod carries neither. */
export function podResizeState(pod: Pod): ResizeState | null {
  const conditions = pod.status?.conditions;
  if (!conditions?.length) return null;
  const pending = conditions.find((c) => c.type === "PodResizePending" && isTrue(c));
  const inProgress = conditions.some((c) => c.type === "PodResizeInProgress" && isTrue(c));
  if (!pending && !inProgress) return null;
  return { pending: pending ? { reason: pending.reason ?? "", message: pending.message ?? "" } : null, inProgress };
}

function statusesByName(pod: Pod): Map<string, ContainerStatus> | null {
  const st = pod.status;
  if (!st?.containerStatuses?.length && !st?.initContainerStatuses?.length) return null;
  const map = new Map<string, ContainerStatus>();
  for (const s of st.initContainerStatuses ?? []) map.set(s.name, s);
  for (const s of st.containerStatuses ?? []) map.set(s.name, s);
  return map;
}

function differs(container: Container, status: ContainerStatus | undefined): boolean {
  const allocated = status?.allocatedResources;
  if (!allocated) return false;
  const requests = container.resources?.requests ?? {};
  const names = new Set([...Object.keys(allocated), ...Object.keys(requests)]);
  for (const n of names) if (listValue(allocated, n) !== listValue(requests, n)) return true;
  return false;
}

/**
 * Returns the pod as the kubelet sees it for oom_score_adj: each container's requests replaced by its
 * reported `allocatedResources` (UpdatePodFromAllocation). The same object when nothing differs, so
 * the common case costs no copy. Limits stay as in spec: the API does not report allocated limits,
 * and GetContainerOOMScoreAdjust reads only the memory request (its limit-aware tie-break sits
 * behind the alpha gate KubeletOOMScoreAdjTieBreak, off by default).
 */
export function allocatedPod(pod: Pod): Pod {
  const statuses = statusesByName(pod);
  const spec = pod.spec;
  if (!statuses || !spec) return pod;
  const all = [...(spec.containers ?? []), ...(spec.initContainers ?? [])];
  if (!all.some((c) => differs(c, statuses.get(c.name)))) return pod;
  const swap = (c: Container): Container => {
    const s = statuses.get(c.name);
    return differs(c, s) ? { ...c, resources: { ...c.resources, requests: { ...s!.allocatedResources } } } : c;
  };
  return {
    ...pod,
    spec: {
      ...spec,
      containers: spec.containers?.map(swap),
      ...(spec.initContainers && { initContainers: spec.initContainers.map(swap) }),
    },
  };
}
