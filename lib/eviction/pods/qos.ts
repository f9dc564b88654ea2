import type { Container, Pod, ResourceList } from "../k8s-types";
import { applyApiDefaults } from "./api-defaults";
import { listValue, type FeatureGates } from "./pod-resources";

export type QosClass = "Guaranteed" | "Burstable" | "BestEffort";

const QOS_CLASSES: readonly QosClass[] = ["Guaranteed", "Burstable", "BestEffort"];

// QoS looks at cpu and memory only; hugepages and ephemeral-storage never change the class.
// processResourceList: only positive quantities count; zero is the same as "not set". The sums are
// kept in one scratch record with a bit per resource set (1 request cpu, 2 request memory, 4 limit
// cpu, 8 limit memory): this runs for every pod of every node, and a record of two totals per
// call with keyed updates was most of its cost (issue 27).
const REQ_CPU = 1;
const REQ_MEMORY = 2;
const LIM_CPU = 4;
const LIM_MEMORY = 8;

interface Totals {
  set: number;
  reqCpu: number;
  reqMemory: number;
  limCpu: number;
  limMemory: number;
}

const totals: Totals = { set: 0, reqCpu: 0, reqMemory: 0, limCpu: 0, limMemory: 0 };

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

// Adds the positive cpu and memory requests of a list; returns the bits of the positive ones.
function addRequests(list: ResourceList | undefined): number {
  let positive = 0;
  const cpu = listValue(list, "cpu");
  if (cpu !== undefined && cpu > 0) {
    totals.reqCpu = totals.set & REQ_CPU ? totals.reqCpu + cpu : cpu;
    positive |= REQ_CPU;
  }
  const memory = listValue(list, "memory");
  if (memory !== undefined && memory > 0) {
    totals.reqMemory = totals.set & REQ_MEMORY ? totals.reqMemory + memory : memory;
    positive |= REQ_MEMORY;
  }
  totals.set |= positive;
  return positive;
}

// The same for limits.
function addLimits(list: ResourceList | undefined): number {
  let positive = 0;
  const cpu = listValue(list, "cpu");
  if (cpu !== undefined && cpu > 0) {
    totals.limCpu = totals.set & LIM_CPU ? totals.limCpu + cpu : cpu;
    positive |= LIM_CPU;
  }
  const memory = listValue(list, "memory");
  if (memory !== undefined && memory > 0) {
    totals.limMemory = totals.set & LIM_MEMORY ? totals.limMemory + memory : memory;
    positive |= LIM_MEMORY;
  }
  totals.set |= positive;
  return positive;
}

const count = (bits: number): number => (bits & 1) + ((bits >> 1) & 1);

// Guaranteed: limits cover cpu and memory where required, every request equals its limit, and as
// many resources are requested as limited.
function classify(limitsCoverBoth: boolean): QosClass {
  const { set } = totals;
  if (set === 0) return "BestEffort";
  const cpuMatches = !(set & REQ_CPU) || (set & LIM_CPU && totals.limCpu === totals.reqCpu);
  const memoryMatches = !(set & REQ_MEMORY) || (set & LIM_MEMORY && totals.limMemory === totals.reqMemory);
  const matched = limitsCoverBoth && cpuMatches && memoryMatches;
  return matched && count(set & 3) === count(set >> 2) ? "Guaranteed" : "Burstable";
}

// Adds the containers' positive requests and limits; tells whether every one limits cpu and memory.
function addContainers(containers: Container[] | undefined): boolean {
  let everyLimitsBoth = true;
  if (containers) {
    for (const c of containers) {
      addRequests(c.resources?.requests);
      if (addLimits(c.resources?.limits) !== (LIM_CPU | LIM_MEMORY)) everyLimitsBoth = false;
    }
  }
  return everyLimitsBoth;
}

// Pod-level path: with the gate on and spec.resources present (even empty) the containers are
// not looked at. Container path: sums over containers and init containers (sidecars included).
/** Computes the QoS class from the spec: BestEffort without positive cpu/memory requests or limits, Guaranteed when every limit set covers cpu and memory and request sums equal limit sums, else Burstable; pod-level resources alone decide when the gate is on. */
export function computeQos(pod: Pod, gates: FeatureGates, opts: ComputeQosOptions = { applyDefaults: true }): QosClass {
  const p = opts.applyDefaults ? applyApiDefaults(pod, gates) : pod;
  totals.set = 0;
  const podResources = p.spec?.resources;
  if (gates.PodLevelResources && podResources) {
    addRequests(podResources.requests);
    const positiveLimits = addLimits(podResources.limits);
    // Upstream only demands cpu+memory when the pod-level limits map is non-empty; with no
    // limits at all the request/limit count mismatch below still rules out Guaranteed.
    const hasLimitsMap = Object.values(podResources.limits ?? {}).some((q) => q != null);
    return classify(!hasLimitsMap || positiveLimits === (LIM_CPU | LIM_MEMORY));
  }
  const regular = addContainers(p.spec?.containers);
  const init = addContainers(p.spec?.initContainers);
  return classify(regular && init);
}

/** Returns the pod's QoS class (GetPodQOS): a valid status.qosClass as recorded, else computed on API-defaulted requests. */
export function podQos(pod: Pod, gates: FeatureGates): QosClass {
  const recorded = pod.status?.qosClass;
  return isQosClass(recorded) ? recorded : computeQos(pod, gates, { applyDefaults: true });
}
