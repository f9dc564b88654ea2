// What the advisor reports: one finding per rule that fires on a node (or a pool), with the
// kubelet source it rests on and, where a setting fixes it, the KubeletConfiguration fragment.
import type { WhatIf } from "../types";

export type Severity = "error" | "warning" | "info";

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

/** A fix: the change in words, and the KubeletConfiguration fragment / kubelet flags when a setting fixes it. */
export interface Fix {
  text: string;
  /** The what-if that applies the fix (map settings), so a page can show its effect. */
  whatIf?: WhatIf;
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
