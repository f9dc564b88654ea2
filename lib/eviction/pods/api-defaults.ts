import type { Container, Pod, ResourceList } from "../k8s-types";
import { aggregateContainerRequest, isPodLevelResourceName, type FeatureGates } from "./pod-resources";

// Only these two are both pod-level resources and overcommittable (IsOvercommitAllowed), so
// only they take their pod-level default from the containers' aggregate request.
const AGGREGATED_DEFAULTS = ["cpu", "memory"] as const;

function present(list: ResourceList | undefined): [string, string | number][] {
  return Object.entries(list ?? {}).filter((e): e is [string, string | number] => e[1] != null);
}

function everyLimitRequested(limits: ResourceList, requests: ResourceList | undefined): boolean {
  for (const k in limits) if (Object.hasOwn(limits, k) && limits[k] != null && requests?.[k] == null) return false;
  return true;
}

function defaultContainer(c: Container): Container {
  const limits = c.resources?.limits;
  if (!limits) return c;
  // The common case (every limit has its request) needs no copy: this runs for every pod.
  const req = c.resources?.requests;
  if (everyLimitRequested(limits, req)) return c;
  const requests: ResourceList = { ...c.resources?.requests };
  for (const [name, q] of present(limits)) if (requests[name] == null) requests[name] = q;
  return { ...c, resources: { ...c.resources, requests } };
}

function asQuantity(resourceName: string, value: number): string {
  return resourceName === "cpu" ? `${value}m` : `${value}`;
}

function unchanged(list: Container[] | undefined): boolean {
  if (list) for (const c of list) if (defaultContainer(c) !== c) return false;
  return true;
}

// Pods read from the API server are already defaulted, so this is a no-op on them; it matters for
// raw manifests and for the upstream behaviour "a limit alone makes a pod Guaranteed".
/** Returns a copy of the pod with the API server's request defaulting: an unset container request takes the limit, then (gate on, pod-level limits set) an unset pod-level cpu/memory request takes the containers' aggregate request, else the pod-level limit. */
export function applyApiDefaults(pod: Pod, gates: FeatureGates): Pod {
  if (!pod.spec) return pod;
  if (
    unchanged(pod.spec.containers) &&
    unchanged(pod.spec.initContainers) &&
    !(gates.PodLevelResources && pod.spec.resources?.limits)
  ) {
    return pod;
  }
  const spec = {
    ...pod.spec,
    containers: pod.spec.containers?.map(defaultContainer),
    initContainers: pod.spec.initContainers?.map(defaultContainer),
  };
  if (!spec.containers) delete spec.containers;
  if (!spec.initContainers) delete spec.initContainers;
  const defaulted: Pod = { ...pod, spec };

  const podLimits = present(spec.resources?.limits);
  // defaultPodRequests only fills in pod-level resources that are already partly specified.
  // Not ported (no effect on anything the engine computes, or not merged upstream):
  // defaultHugePagePodLimits and defaultPodLimits (kubernetes PR #137616, open in 2026).
  if (!gates.PodLevelResources || !spec.resources || podLimits.length === 0) return defaulted;

  const requests: ResourceList = { ...spec.resources.requests };
  for (const name of AGGREGATED_DEFAULTS) {
    const aggregated = aggregateContainerRequest(defaulted, name);
    if (requests[name] == null && aggregated !== undefined) requests[name] = asQuantity(name, aggregated);
  }
  for (const [name, q] of podLimits) {
    if (requests[name] == null && isPodLevelResourceName(name)) requests[name] = q;
  }
  if (Object.keys(requests).length > 0) spec.resources = { ...spec.resources, requests };
  return defaulted;
}
