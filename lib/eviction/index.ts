// The eviction engine's public surface: the contract function plus the pieces the dashboard,
// the CLI and the simulator reuse. app/ and components/ import the engine only from here (ESLint);
// every module behind it is pure and browser-safe (ESLint again), so one entry serves the browser
// and the server alike.
export { analyzeNode, analyze } from "./analyze";
export { parseAnalyzeInput, withWhatIf, type AnalyzeInput } from "./document/input";
export { InputError } from "./document/input-errors";
export type * from "./types";
export type * from "./k8s-types";

// What the simulator reuses: its kubelets run these very rules (one engine, no second copy).
export { computeAllocatable, kubepodsLimit, parseCapacity } from "./node/allocatable";
export { containerCgroup } from "./pods/cgroup";
export { isCriticalPod } from "./pods/critical";
export { byEvictionPriority, isMet } from "./evaluate";
export { evictionMessage, thresholdQuantityString } from "./eviction-message";
export { parseGoDuration } from "./quantities/go-parse";
export { observeSignals, type Observations } from "./observe";
export { isActivePod } from "./pods/pod-facts";
export { DEFAULT_FEATURE_GATES } from "./pods/pod-resources";
export { formatMilli, formatQuantity, parseBytes, parseMillis, parseQuantity } from "./quantities/quantity";
export { podQos } from "./pods/qos";
export { type Slot, recognizeDocument } from "./document/recognize";
export { evictsAfterNodeReclaim, nodeReclaimFor } from "./node/reclaim";
export { isSignal, type PressureCondition, type Signal, signalCondition, signalResource } from "./signals";
export {
  TAINT_UNREACHABLE,
  taintEvictionPlan,
  withDefaultTolerations,
  type TaintLike,
  type Toleration,
} from "./node/taint-eviction";
export { effectiveConfig, readKubeletConfig, resolveThreshold } from "./config/thresholds";
export { thresholdOrigin } from "./config/threshold-origin";
export { parseKubeletFlags } from "./config/kubelet-flags";
export { kernelOomOrder } from "./pods/oom-order";

// What the data layer, the what-if, the forecast and the CLI reuse besides the contract function.
export { checkNesting, MAX_NESTING_DEPTH } from "./document/nesting";
export { isObject } from "./document/input-errors";
export { validateSummary } from "./document/validate-summary";
export { WHAT_IF_KEYS } from "./config/what-if-keys";
export { freezeConfig, resolveConfig } from "./config/config-memo";
export { parseThresholds, type Threshold } from "./config/thresholds";
export { QuantityError } from "./quantities/quantity";
export { SIGNALS } from "./signals";
export type { FilesystemLayout } from "./observe";
export { parseEvictionMessage } from "./eviction-message";
export { quantityValue } from "./pods/pod-resources";
export { podsThatNoLongerFit } from "./node/admission";
export { validateReservation } from "./node/allocatable";
export {
  imageGcStartsAt,
  imageGcThresholds,
  imagesFreedBeforeEviction,
  unusedImagesMayRemain,
  type ImageGcThresholds,
} from "./node/image-gc";
export {
  DEFAULT_NODE_LEASE_DURATION_SECONDS,
  DEFAULT_PRESSURE_TRANSITION_PERIOD_SECONDS,
  HOUSEKEEPING_INTERVAL_SECONDS,
} from "./kubelet-defaults";
export { requestedTotals, usedFromSummary } from "./node/node-totals";
export { marginFraction } from "./margin";
