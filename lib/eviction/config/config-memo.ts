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

// The memo's key text of each configuration frozen whole by `freezeConfig`: such an object can no
// longer change, so its text is written once. The cache keeps one configuration per node and
// resolves it twice per Summary (the engine and the forecast's transition period); writing a whole
// KubeletConfiguration as text each time was ~1 % of the process's CPU at 5 000 nodes.
const frozenKeys = new WeakMap<object, string>();

/**
 * Freezes a kubelet configuration object and everything in it, so `resolveConfig` can key it by
 * identity. Returns it. Assigning to a frozen object throws in a module, so nothing can change it
 * behind the memo's back.
 */
export function freezeConfig<T>(config: T): T {
  if (config && typeof config === "object" && !frozenKeys.has(config)) {
    deepFreeze(config);
    frozenKeys.set(config, JSON.stringify(config));
  }
  return config;
}

function deepFreeze(v: unknown): void {
  if (!v || typeof v !== "object" || Object.isFrozen(v)) return;
  Object.freeze(v);
  for (const child of Object.values(v)) deepFreeze(child);
}

const configKey = (c: unknown): string =>
  (typeof c === "object" && c !== null ? frozenKeys.get(c) : undefined) ?? JSON.stringify(c ?? null);

/** Resolves the effective kubelet settings and thresholds, reusing the result for identical inputs. */
export function resolveConfig(kubeletConfig: unknown, kubeletFlags: string | undefined, whatIf: WhatIf): ResolvedConfig {
  const { usageScale: _ignored, ...settings } = whatIf;
  // JSON text never holds a raw NUL (JSON.stringify escapes it), so the three parts cannot run together.
  const key = `${configKey(kubeletConfig)}\0${JSON.stringify(kubeletFlags ?? null)}\0${JSON.stringify(settings)}`;
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
