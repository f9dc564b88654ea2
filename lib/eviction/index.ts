// The eviction engine's public surface: the contract function plus the pieces the dashboard,
// the CLI and the simulator reuse.
export { analyzeNode, analyze } from "./analyze";
export { parseAnalyzeInput, withWhatIf, type AnalyzeInput } from "./input";
export { InputError } from "./input-errors";
export type * from "./types";
export type * from "./k8s-types";

// What the simulator reuses: its kubelets run these very rules (one engine, no second copy).
export { computeAllocatable, kubepodsLimit } from "./allocatable";
export { isCriticalPod } from "./critical";
export { byEvictionPriority, isMet } from "./evaluate";
export { evictionMessage, thresholdQuantityString } from "./eviction-message";
export { observeSignals, type Observations } from "./observe";
export { DEFAULT_FEATURE_GATES } from "./pod-resources";
export { formatMilli, formatQuantity, parseBytes, parseMillis, parsedQuantityString } from "./quantity";
export { podQos } from "./qos";
export { type NodeReclaim, evictsAfterNodeReclaim, nodeReclaimFor } from "./reclaim";
export { type Signal, signalCondition, signalResource } from "./signals";
export { type Threshold, effectiveConfig, readKubeletConfig, resolveThreshold } from "./thresholds";
export { type OomOrder, type OomOrderRow, kernelOomOrder } from "./oom-order";
export { podResizeState } from "./allocated";
