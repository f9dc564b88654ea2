// The live eviction forecast: pure functions over the engine's analysis, the node's history,
// conditions and evictions. Every time is on the cluster clock and passed in (`now`).
export { type ConditionHold, type NodeForecast, forecastNode, transitionPeriodOf } from "./node-forecast";
export type { SignalForecast } from "./signal-forecast";
// Its words (the live verdict, the panels' sentences) are in lib/words.
