import type { Pod } from "../k8s-types";

/** `system-cluster-critical`; any priority at or above it makes a pod critical. */
const SYSTEM_CRITICAL_PRIORITY = 2_000_000_000;
const SYSTEM_NODE_CRITICAL = "system-node-critical";

const CONFIG_SOURCE_ANNOTATION = "kubernetes.io/config.source";
const CONFIG_MIRROR_ANNOTATION = "kubernetes.io/config.mirror";
const API_SERVER_SOURCE = "api";

/** Tells whether the pod is static: it carries a config-source annotation whose value is not "api". */
export function isStaticPod(pod: Pod): boolean {
  const source = pod.metadata?.annotations?.[CONFIG_SOURCE_ANNOTATION];
  // GetPodSource errors when the annotation is missing, and that error means "not static";
  // an empty value is still a source other than "api".
  return source !== undefined && source !== API_SERVER_SOURCE;
}

/** Tells whether the pod is the API mirror of a static pod: it carries the config-mirror annotation (any value). */
export function isMirrorPod(pod: Pod): boolean {
  return pod.metadata?.annotations?.[CONFIG_MIRROR_ANNOTATION] !== undefined;
}

/** Tells whether the kubelet never evicts the pod: static, mirror, or spec.priority >= 2000000000. */
export function isCriticalPod(pod: Pod): boolean {
  if (isStaticPod(pod) || isMirrorPod(pod)) return true;
  const priority = pod.spec?.priority;
  return priority != null && priority >= SYSTEM_CRITICAL_PRIORITY;
}

/** Tells whether the pod is node-critical: critical and priorityClassName is exactly "system-node-critical". */
export function isNodeCriticalPod(pod: Pod): boolean {
  return isCriticalPod(pod) && pod.spec?.priorityClassName === SYSTEM_NODE_CRITICAL;
}
