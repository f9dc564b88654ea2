// The eviction engine's public surface: the contract function plus the pieces the dashboard,
// the CLI and the simulator reuse.
export { analyzeNode, analyze } from "./analyze";
export { parseAnalyzeInput, type AnalyzeInput } from "./input";
export { InputError } from "./input-errors";
export type * from "./types";
export type * from "./k8s-types";
