// The engine's small entry for code every page loads at first paint (site header, URL state,
// formatters, words): constants, the signal names and the quantity and duration parsers, without
// the rules themselves. The barrel (./index.ts) re-exports the whole engine, and Turbopack does not
// drop its unused re-exports from a client bundle: importing one constant through it put the whole
// engine (~19 KiB gzip) into every route's first load. Code that runs the engine (what-if,
// forecast, analyze) keeps importing "@/lib/eviction" and so loads it with its own, later chunk.
// Every module behind this file must stay small; ESLint allows app/, components/ and lib/ to
// import it beside the barrel.
export type * from "./types";
export type * from "./k8s-types";

export { DEFAULT_NODE_LEASE_DURATION_SECONDS, HOUSEKEEPING_INTERVAL_SECONDS } from "./kubelet-defaults";
export { isSignal, type Signal, signalCondition } from "./signals";
export { marginFraction } from "./margin";
export { DEFAULT_TOLERATION_SECONDS, TAINT_NOT_READY, TAINT_UNREACHABLE, type TaintLike } from "./node/taint-eviction";
export { parseGoDuration } from "./quantities/go-parse";
export { formatBytesHuman, parseBytes, parseMillis, parseQuantity } from "./quantities/quantity";
export { WHAT_IF_KEYS } from "./config/what-if-keys";
