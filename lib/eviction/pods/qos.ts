import type { Container, Pod, ResourceList } from "../k8s-types";
import { applyApiDefaults } from "./api-defaults";
import { listValue, type FeatureGates } from "./pod-resources";

export type QosClass = "Guaranteed" | "Burstable" | "BestEffort";

const QOS_CLASSES: readonly QosClass[] = ["Guaranteed", "Burstable", "BestEffort"];

// QoS looks at cpu and memory only; hugepages and ephemeral-storage never change the class.
const QOS_RESOURCES = ["cpu", "memory"] as const;
type QosResource = (typeof QOS_RESOURCES)[number];
type Totals = Partial<Record<QosResource, number>>;

export interface ComputeQosOptions {
  /**
   * Apply the API server's request defaulting first (a limit without a request becomes the
   * request). True for real inputs; the upstream unit tests run without it.
   */
  applyDefaults: boolean;
}

/** Tells whether a string is one of the three QoS class names. */
function isQosClass(value: unknown): value is QosClass {
  return typeof value === "string" && (QOS_CLASSES as readonly string[]).includes(value);
}

// processResourceList: only positive quantities count; zero is the same as "not set". Returns a
// bit set of the positive ones: 1 for cpu, 2 for memory.
function addPositive(totals: Totals, list: ResourceList | undefined): number {
  let positive = 0;
  for (let i = 0; i < QOS_RESOURCES.length; i++) {
    const name = QOS_RESOURCES[i]!;
    const v = listValue(list, name);
    if (v !== undefined && v > 0) {
      totals[name] = (totals[name] ?? 0) + v;
      positive |= 1 << i;
    }
  }
  return positive;
}

const CPU_AND_MEMORY = 0b11;
const hasCpuAndMemory = (positive: number): boolean => positive === CPU_AND_MEMORY;

function classify(requests: Totals, limits: Totals, limitsCoverBoth: boolean): QosClass {
  const reqNames = Object.keys(requests) as QosResource[];
  const limNames = Object.keys(limits) as QosResource[];
  if (reqNames.length === 0 && limNames.length === 0) return "BestEffort";
  const matched = limitsCoverBoth && reqNames.every((n) => limits[n] !== undefined && limits[n] === requests[n]);
  return matched && reqNames.length === limNames.length ? "Guaranteed" : "Burstable";
}

// Adds the containers' positive requests and limits; tells whether every one limits cpu and memory.
function addContainers(requests: Totals, limits: Totals, containers: Container[] | undefined): boolean {
  let everyLimitsBoth = true;
  if (containers) {
    for (const c of containers) {
      addPositive(requests, c.resources?.requests);
      if (!hasCpuAndMemory(addPositive(limits, c.resources?.limits))) everyLimitsBoth = false;
    }
  }
  return everyLimitsBoth;
}

// Pod-level path: with the gate on and spec.resources present (even empty) the containers are
// not looked at. Container path: sums over containers and init containers (sidecars included).
/** Computes the QoS class from the spec: BestEffort without positive cpu/memory requests or limits, Guaranteed when every limit set covers cpu and memory and request sums equal limit sums, else Burstable; pod-level resources alone decide when the gate is on. */
export function computeQos(pod: Pod, gates: FeatureGates, opts: ComputeQosOptions = { applyDefaults: true }): QosClass {
  const p = opts.applyDefaults ? applyApiDefaults(pod, gates) : pod;
  const requests: Totals = {};
  const limits: Totals = {};
  const podResources = p.spec?.resources;
  if (gates.PodLevelResources && podResources) {
    addPositive(requests, podResources.requests);
    const positiveLimits = addPositive(limits, podResources.limits);
    // Upstream only demands cpu+memory when the pod-level limits map is non-empty; with no
    // limits at all the request/limit count mismatch below still rules out Guaranteed.
    const hasLimitsMap = Object.values(podResources.limits ?? {}).some((q) => q != null);
    return classify(requests, limits, !hasLimitsMap || hasCpuAndMemory(positiveLimits));
  }
  const regular = addContainers(requests, limits, p.spec?.containers);
  const init = addContainers(requests, limits, p.spec?.initContainers);
  return classify(requests, limits, regular && init);
}

/** Returns the pod's QoS class (GetPodQOS): a valid status.qosClass as recorded, else computed on API-defaulted requests. */
export function podQos(pod: Pod, gates: FeatureGates): QosClass {
  const recorded = pod.status?.qosClass;
  return isQosClass(recorded) ? recorded : computeQos(pod, gates, { applyDefaults: true });
}
