// The live eviction forecast: pure functions over the engine's analysis, the node's history,
// conditions and evictions. Every time is on the cluster clock and passed in (`now`).
export { type ConditionHold, type NodeForecast, forecastNode, transitionPeriodOf } from "./node-forecast";
export type { SignalForecast } from "./signal-forecast";
export { type VerdictState, liveVerdict } from "./verdict";
export * as words from "./words";
export * as sentences from "./sentences";
