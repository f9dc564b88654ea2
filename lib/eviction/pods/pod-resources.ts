import type { Container, Pod, ResourceList } from "../k8s-types";
import { parseBytes, parseMillis } from "../quantities/quantity";

/** The kubelet feature gates whose state changes an engine rule. */
export interface FeatureGates {
  /** KEP-2837 pod-level `spec.resources`; beta and on by default since v1.34. */
  PodLevelResources: boolean;
  /** KEP-4205 PSI in the Summary API (changes no rule; read to say why a Summary has no PSI). */
  KubeletPSI?: boolean;
}

/** Gate values of a default kubelet v1.34+. */
export const DEFAULT_FEATURE_GATES: Readonly<FeatureGates> = Object.freeze({ PodLevelResources: true });

const HUGEPAGES_PREFIX = "hugepages-";

/** Tells whether pod-level resources may set the resource: only cpu, memory and hugepages-* (IsSupportedPodLevelResource). */
export function isPodLevelResourceName(name: string): boolean {
  return name === "cpu" || name === "memory" || name.startsWith(HUGEPAGES_PREFIX);
}

// Whether a resource list sets (non-null) any pod-level resource; runs several times per pod, so
// it walks the own keys in place instead of building entry arrays.
function setsPodLevelResource(list: ResourceList | undefined): boolean {
  if (!list) return false;
  for (const name in list) {
    if (Object.hasOwn(list, name) && list[name] != null && isPodLevelResourceName(name)) return true;
  }
  return false;
}

/** Tells whether the pod sets a pod-level cpu, memory or hugepages-* request or limit (IsPodLevelResourcesSet). */
export function hasPodLevelResources(pod: Pod): boolean {
  return hasPodLevelRequests(pod) || setsPodLevelResource(pod.spec?.resources?.limits);
}

/** Tells whether the pod sets a pod-level cpu, memory or hugepages-* request (IsPodLevelRequestsSet). */
export function hasPodLevelRequests(pod: Pod): boolean {
  return setsPodLevelResource(pod.spec?.resources?.requests);
}

/** Converts a quantity to the unit the kubelet compares for the resource: millicores for cpu, Value() otherwise. */
export function quantityValue(resourceName: string, quantity: string | number): number {
  return resourceName === "cpu" ? parseMillis(quantity) : parseBytes(quantity);
}

/** Reads one resource from a resource list in kubelet units; undefined when the key is absent. */
export function listValue(list: ResourceList | undefined, resourceName: string): number | undefined {
  const q = list?.[resourceName];
  return q == null ? undefined : quantityValue(resourceName, q);
}

/** Reads a container's request for one resource (cpu in millicores, else bytes or count); 0 when unset. */
export function containerRequest(container: Container, resourceName: string): number {
  return listValue(container.resources?.requests, resourceName) ?? 0;
}

/** Reads a container's limit for one resource (cpu in millicores, else bytes or count); 0 when unset. */
export function containerLimit(container: Container, resourceName: string): number {
  return listValue(container.resources?.limits, resourceName) ?? 0;
}

/** Tells whether an init container is a sidecar, i.e. a restartable init container (restartPolicy "Always"). */
export function isSidecar(container: Container): boolean {
  return container.restartPolicy === "Always";
}

// `undefined` stands for "key absent from the Go ResourceList": presence matters for limits
// (no limit is not a zero limit), so the sum/max helpers keep it apart from 0.
type Amount = number | undefined;
const add = (a: Amount, b: Amount): Amount => (a === undefined ? b : b === undefined ? a : a + b);
const max = (a: Amount, b: Amount): Amount => (a === undefined ? b : b === undefined ? a : Math.max(a, b));

// KEP-753: sidecars keep running, so they add to the steady-state sum; an ordinary init
// container runs next to the sidecars declared before it, so the pod must also fit that peak.
function aggregate(pod: Pod, field: "requests" | "limits", resourceName: string): Amount {
  let total: Amount;
  const containers = pod.spec?.containers;
  if (containers) for (const c of containers) total = add(total, listValue(c.resources?.[field], resourceName));
  const inits = pod.spec?.initContainers;
  if (!inits) return total;
  let sidecars: Amount;
  let initPeak: Amount;
  for (const c of inits) {
    const own = listValue(c.resources?.[field], resourceName);
    if (isSidecar(c)) {
      total = add(total, own);
      sidecars = add(sidecars, own);
      initPeak = max(initPeak, sidecars);
    } else {
      initPeak = max(initPeak, add(own, sidecars));
    }
  }
  return max(total, initPeak);
}

/** Sums container requests for one resource the sidecar-aware way (AggregateContainerRequests); undefined when no container sets it. */
export function aggregateContainerRequest(pod: Pod, resourceName: string): number | undefined {
  return aggregate(pod, "requests", resourceName);
}

/** Sums container limits for one resource the sidecar-aware way (AggregateContainerLimits); undefined when no container sets it. */
function aggregateContainerLimit(pod: Pod, resourceName: string): number | undefined {
  return aggregate(pod, "limits", resourceName);
}

// Units: cpu millicores, everything else bytes or counts (what GetResourceRequest returns).
/** Computes the pod's request as eviction ranking reads it: only the pod-level cpu/memory/hugepages request when the gate is on and any pod-level resource is set, else the sidecar-aware container aggregate; overhead is added only to a non-zero result. */
export function podRequest(pod: Pod, resourceName: string, gates: FeatureGates): number {
  return podRequestOf(pod, resourceName, gates.PodLevelResources && hasPodLevelResources(pod));
}

/** podRequest with its first question answered by the caller: whether the gate is on and the pod sets pod-level resources (podFacts reads three resources of each pod). */
export function podRequestOf(pod: Pod, resourceName: string, podLevel: boolean): number {
  let total: number;
  if (podLevel) {
    total = isPodLevelResourceName(resourceName) ? (listValue(pod.spec?.resources?.requests, resourceName) ?? 0) : 0;
  } else {
    // Spec §8.3: with the gate off the container aggregate is used as is. (Upstream PodRequests
    // would still let pod-level requests override it, but such a pod cannot run on a kubelet
    // with the gate off, so the two never disagree on a real node.)
    total = aggregateContainerRequest(pod, resourceName) ?? 0;
  }
  const overhead = listValue(pod.spec?.overhead, resourceName);
  return total !== 0 && overhead !== undefined ? total + overhead : total;
}

/** Computes the pod's limit like PodLimits: the sidecar-aware container aggregate, replaced by a pod-level cpu/memory/hugepages limit, plus overhead when non-zero; undefined when nothing limits the resource. */
export function podLimit(pod: Pod, resourceName: string): number | undefined {
  let limit = aggregateContainerLimit(pod, resourceName);
  // PodLimits is called without SkipPodLevelResources, so no gate is consulted here; it cannot
  // matter for ephemeral-storage (the one caller, §9.4), which pod-level resources never set.
  if (hasPodLevelResources(pod) && isPodLevelResourceName(resourceName)) {
    limit = listValue(pod.spec?.resources?.limits, resourceName) ?? limit;
  }
  const overhead = listValue(pod.spec?.overhead, resourceName);
  return limit !== undefined && limit !== 0 && overhead !== undefined ? limit + overhead : limit;
}
