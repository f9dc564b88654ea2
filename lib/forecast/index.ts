// The live eviction forecast: pure functions over the engine's analysis, the node's history,
// conditions and evictions. Every time is on the cluster clock and passed in (`now`).
export { type ConditionHold, type NodeForecast, type NodeForecastInput, forecastNode, transitionPeriodOf } from "./node-forecast";
export { type NextPod, type SignalForecast, forecastSignal } from "./signal-forecast";
export { type Verdict, type VerdictState, liveVerdict } from "./verdict";
export * as words from "./words";
