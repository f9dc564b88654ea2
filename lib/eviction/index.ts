// The eviction engine's public surface: the contract function plus the pieces the dashboard,
// the CLI and the simulator reuse. app/ and components/ import the engine only from here (ESLint);
// every module behind it is pure and browser-safe (ESLint again), so one entry serves the browser
// and the server alike.
export { analyzeNode, analyze } from "./analyze";
export { parseAnalyzeInput, withWhatIf, type AnalyzeInput } from "./input";
export { InputError } from "./input-errors";
export type * from "./types";
export type * from "./k8s-types";

// What the simulator reuses: its kubelets run these very rules (one engine, no second copy).
export { computeAllocatable, kubepodsLimit, parseCapacity } from "./allocatable";
export { containerCgroup } from "./cgroup";
export { isCriticalPod } from "./critical";
export { byEvictionPriority, isMet } from "./evaluate";
export { evictionMessage, thresholdQuantityString } from "./eviction-message";
export { parseGoDuration } from "./go-parse";
export { observeSignals, type Observations } from "./observe";
export { isActivePod } from "./pod-facts";
export { DEFAULT_FEATURE_GATES, podRequest } from "./pod-resources";
export { formatMilli, formatQuantity, parseBytes, parseMillis, parseQuantity } from "./quantity";
export { podQos } from "./qos";
export { type Slot, recognizeDocument } from "./recognize";
export { evictsAfterNodeReclaim, nodeReclaimFor } from "./reclaim";
export { isSignal, type PressureCondition, type Signal, signalCondition, signalResource } from "./signals";
export {
  DEFAULT_TOLERATION_SECONDS,
  TAINT_UNREACHABLE,
  taintEvictionPlan,
  withDefaultTolerations,
  type TaintLike,
  type Toleration,
} from "./taint-eviction";
export { effectiveConfig, readKubeletConfig, resolveThreshold } from "./thresholds";
export { thresholdOrigin } from "./threshold-origin";
export { parseKubeletFlags } from "./kubelet-flags";
export { kernelOomOrder } from "./oom-order";
