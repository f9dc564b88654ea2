import type { WhatIf } from "../types";
import {
  effectiveConfig,
  parseKubeletFlags,
  parseThresholds,
  readKubeletConfig,
  type EffectiveConfig,
  type Threshold,
} from "./thresholds";

export interface ResolvedConfig extends EffectiveConfig {
  /** Thresholds before the containerfs derivation (which depends on each node's filesystems). */
  thresholds: Threshold[];
}

// A fleet has a handful of distinct kubelet configurations (one per node pool) and thousands of
// nodes; resolving each distinct one once keeps fleet-wide analysis close to the cost of parsing.
const MEMO_LIMIT = 64;
const memo = new Map<string, ResolvedConfig>();

/** Resolves the effective kubelet settings and thresholds, reusing the result for identical inputs. */
export function resolveConfig(kubeletConfig: unknown, kubeletFlags: string | undefined, whatIf: WhatIf): ResolvedConfig {
  const { usageScale: _ignored, ...settings } = whatIf;
  const key = JSON.stringify([kubeletConfig ?? null, kubeletFlags ?? null, settings]);
  const hit = memo.get(key);
  if (hit) return hit;
  const fromConfig = kubeletConfig == null ? undefined : readKubeletConfig(kubeletConfig);
  const fromFlags = kubeletFlags == null ? undefined : parseKubeletFlags(kubeletFlags);
  const eff = effectiveConfig(fromConfig, fromFlags, settings);
  const resolved = Object.freeze({ ...eff, thresholds: parseThresholds(eff.config, eff.fieldName) });
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, resolved);
  return resolved;
}
