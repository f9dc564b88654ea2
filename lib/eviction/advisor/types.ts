// What the advisor reports: one finding per rule that fires on a node (or a pool), with the
// kubelet source it rests on and, where a setting fixes it, the KubeletConfiguration fragment.
import type { WhatIf } from "../types";

type Severity = "error" | "warning" | "info";

export type RuleId =
  | "config-invalid"
  | "partial-eviction-hard"
  | "hugepages-counted-twice"
  | "hugepages-inflate-available"
  | "soft-not-above-hard"
  | "setting-without-threshold"
  | "allocatable-eviction-off"
  | "pool-drift"
  | "hard-below-cycle-drop"
  | "container-near-limit"
  | "out-of-pod-slots";

/** Scalar and list settings a fix may set besides the eviction maps. */
export interface SettingChange {
  maxPods?: number;
  mergeDefaultEvictionSettings?: boolean;
  enforceNodeAllocatable?: string[];
  featureGates?: Record<string, boolean>;
}

/** A fix: the change in words, and the setting that makes it (lib/whatif/advisor-fixes.ts writes the fragment and flags). */
export interface Fix {
  text: string;
  /** The what-if that applies the fix (eviction maps, written whole on top of the node's own). */
  whatIf?: WhatIf;
  settings?: SettingChange;
  yaml?: string;
  flags?: string;
}

export interface Finding {
  rule: RuleId;
  severity: Severity;
  /** The node it is about; null for a config linted without a node. */
  node: string | null;
  /** A sentence with the node's own numbers. */
  message: string;
  fix: Fix | null;
}

/** What a rule is and where the kubelet (or kernel) does what it warns about. */
export interface RuleInfo {
  id: RuleId;
  title: string;
  /** The highest severity it reports with; some findings of the rule are milder (see the rule). */
  severity: Severity;
  source: string;
}
