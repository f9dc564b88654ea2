import type { Container, Pod } from "../k8s-types";
import { isNodeCriticalPod } from "./critical";
import {
  aggregateContainerRequest,
  containerRequest,
  hasPodLevelRequests,
  isSidecar,
  listValue,
  type FeatureGates,
} from "./pod-resources";
import { podQos, type QosClass } from "./qos";

/** oom_score_adj of Guaranteed containers and node-critical pods (-998 in kubelets before the change; spec §12). */
const GUARANTEED_OOM_SCORE_ADJ = -997;
/** oom_score_adj of BestEffort containers. */
const BEST_EFFORT_OOM_SCORE_ADJ = 1000;

// Floor for Burstable: a Guaranteed container using all memory ends at about 1000 + (-997),
// and Burstable must never look safer than that.
const BURSTABLE_MIN = 1000 + GUARANTEED_OOM_SCORE_ADJ;

const big = (n: number): bigint => BigInt(Math.trunc(n));

// Integer division truncating toward zero (Go's int64 `/`), exact for integers with |a| and b
// below 2^52: the float quotient can be off by one near an integer, and the remainder, computed
// exactly (|q*b| < 2^53), says which way.
export function truncDiv(a: number, b: number): number {
  const q = Math.trunc(a / b) + 0; // + 0: no -0 for a quotient of zero
  const r = a - q * b;
  if (a >= 0) return r < 0 ? q - 1 : r >= b ? q + 1 : q;
  return r > 0 ? q + 1 : r <= -b ? q - 1 : q;
}

// The plain-number path below is exact while 1000*request and the capacity stay under 2^52.
const EXACT_CAPACITY = 2 ** 52;
const EXACT_REQUEST = 2 ** 42;

// 1000 - 1000*req/capacity in Go int64 arithmetic; BigInt keeps 1000*req exact past 2^53
// and its division truncates toward zero exactly like Go's.
function share(request: bigint, capacity: bigint): bigint {
  return 1000n - (1000n * request) / capacity;
}

// KEP-2837: the part of the pod-level memory request no container claims is split evenly
// over all containers (regular and init) before the formula is applied.
function unclaimedPodMemoryPerContainer(pod: Pod): bigint {
  const podMemory = listValue(pod.spec?.resources?.requests, "memory") ?? 0;
  const count = (pod.spec?.containers?.length ?? 0) + (pod.spec?.initContainers?.length ?? 0);
  if (podMemory === 0 || count === 0) return 0n;
  return (big(podMemory) - big(aggregateContainerRequest(pod, "memory") ?? 0)) / BigInt(count);
}

function isDeclaredSidecar(pod: Pod, container: Container): boolean {
  return isSidecar(container) && (pod.spec?.initContainers ?? []).some((c) => c.name === container.name);
}

function minRegularMemoryRequest(pod: Pod): bigint {
  const requests = (pod.spec?.containers ?? []).map((c) => big(containerRequest(c, "memory")));
  return requests.length === 0 ? 0n : requests.reduce((a, b) => (b < a ? b : a));
}

// `qos` defaults to podQos(pod, gates). Requests are read as given (as the kubelet reads the
// pod it was served), so raw manifests should go through applyApiDefaults first.
/** Computes the container's oom_score_adj: -997 for node-critical pods and Guaranteed, 1000 for BestEffort, else 1000 - 1000*(request + pod-level share)/memoryCapacity truncated, sidecars capped at the smallest regular container's score, clamped to [3, 999]; null when that needs an unknown capacity. */
export function containerOomScoreAdj(
  pod: Pod,
  container: Container,
  memoryCapacity: number | null,
  gates: FeatureGates,
  qos?: QosClass,
): number | null {
  if (isNodeCriticalPod(pod)) return GUARANTEED_OOM_SCORE_ADJ;
  const qosClass = qos ?? podQos(pod, gates);
  if (qosClass === "Guaranteed") return GUARANTEED_OOM_SCORE_ADJ;
  if (qosClass === "BestEffort") return BEST_EFFORT_OOM_SCORE_ADJ;
  if (memoryCapacity === null || !(memoryCapacity > 0)) return null;

  const podLevel = gates.PodLevelResources && hasPodLevelRequests(pod);
  if (!podLevel && !isDeclaredSidecar(pod, container)) {
    // The common case, in float64 instead of BigInt: the same integers, so the same result.
    const cap = Math.trunc(memoryCapacity);
    const request = Math.trunc(containerRequest(container, "memory"));
    if (cap < EXACT_CAPACITY && Math.abs(request) < EXACT_REQUEST) {
      const adj = 1000 - truncDiv(1000 * request, cap);
      if (adj < BURSTABLE_MIN) return BURSTABLE_MIN;
      return adj === BEST_EFFORT_OOM_SCORE_ADJ ? BEST_EFFORT_OOM_SCORE_ADJ - 1 : adj;
    }
  }
  const capacity = big(memoryCapacity);
  const extra = podLevel ? unclaimedPodMemoryPerContainer(pod) : 0n;
  let adj = share(big(containerRequest(container, "memory")) + extra, capacity);
  if (isDeclaredSidecar(pod, container)) {
    // A sidecar serves the main containers, so it must not be OOM-killed ahead of them: it
    // scores no higher than the regular container with the smallest request.
    const capped = share(minRegularMemoryRequest(pod) + extra, capacity);
    if (adj > capped) adj = capped;
  }
  if (adj < BigInt(BURSTABLE_MIN)) return BURSTABLE_MIN;
  if (adj === BigInt(BEST_EFFORT_OOM_SCORE_ADJ)) return BEST_EFFORT_OOM_SCORE_ADJ - 1;
  return Number(adj);
}
