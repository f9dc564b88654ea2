// Per-map parsing of eviction settings (pkg/kubelet/eviction/helpers.go: parseThresholdStatements,
// parseGracePeriods, parseMinimumReclaims). Messages keep the kubelet's wording after the field path.
import { parseFloat32, parseGoDuration } from "../quantities/go-parse";
import { parseBytes, QuantityError } from "../quantities/quantity";
import { isSignal, type Signal } from "../signals";
import { ConfigError, type FieldNamer, type Threshold, type ThresholdValue } from "./config-types";

function checkSignal(key: string, path: string): Signal {
  if (!isSignal(key)) throw new ConfigError(`${path}: unsupported eviction signal ${key}`);
  return key;
}

function parsePercentage(raw: string, path: string): number {
  let pct: number;
  try {
    pct = parseFloat32(raw.replace(/%+$/, ""));
  } catch (e) {
    throw new ConfigError(`${path}: "${raw}" is not a valid percentage: ${(e as Error).message}`);
  }
  // Go would keep NaN (never met); a JSON document cannot carry it, so it is refused here.
  if (Number.isNaN(pct)) throw new ConfigError(`${path}: "${raw}" is not a number`);
  return Math.fround(pct / 100);
}

// Through parseBytes, the one reading of a quantity as a number: a value past the kubelet's int64
// ("1e400") is refused there with the field's path, never turned into Infinity (JSON null).
// Value() rounds away from zero, so its sign is the quantity's own.
function parseSignedQuantity(raw: string, path: string): { sign: number; value: number } {
  try {
    const value = parseBytes(raw);
    return { sign: Math.sign(value), value };
  } catch (e) {
    if (e instanceof QuantityError) throw new ConfigError(`${path}: ${e.message}`);
    throw e;
  }
}

/**
 * Parses one threshold value: exactly "0%"/"100%" drop it (null), other percentages become float32 fractions in [0, 1], quantities must be > 0.
 * @example parseThresholdValue("memory.available", "10%", "f") // { percentage: 0.10000000149011612 }
 */
function parseThresholdValue(signal: Signal, raw: string, path: string): ThresholdValue | null {
  if (raw.endsWith("%")) {
    if (raw === "0%" || raw === "100%") return null;
    const percentage = parsePercentage(raw, path);
    if (percentage < 0) throw new ConfigError(`${path}: eviction percentage threshold ${signal} must be >= 0%: ${raw}`);
    if (percentage > 1) throw new ConfigError(`${path}: eviction percentage threshold ${signal} must be <= 100%: ${raw}`);
    return { percentage };
  }
  const { sign, value } = parseSignedQuantity(raw, path);
  if (sign <= 0) throw new ConfigError(`${path}: "${raw}" must be a positive quantity`);
  return { quantity: value };
}

/** Parses an evictionHard/evictionSoft map in its key order, validating every signal and dropping "0%"/"100%" entries. */
export function parseThresholdStatements(
  map: Readonly<Record<string, string>>,
  key: "evictionHard" | "evictionSoft",
  name: FieldNamer,
): Threshold[] {
  const out: Threshold[] = [];
  const kind = key === "evictionHard" ? "hard" : "soft";
  for (const [k, raw] of Object.entries(map)) {
    const path = name(key, k);
    const signal = checkSignal(k, path);
    const value = parseThresholdValue(signal, raw, path);
    if (value) out.push({ signal, kind, value, gracePeriodSeconds: 0, minReclaim: null });
  }
  return out;
}

/** Parses evictionSoftGracePeriod: valid signals, Go durations, negative rejected, "0s" accepted. */
export function parseGracePeriods(map: Readonly<Record<string, string>>, name: FieldNamer): Map<Signal, number> {
  const out = new Map<Signal, number>();
  for (const [k, raw] of Object.entries(map)) {
    const path = name("evictionSoftGracePeriod", k);
    const signal = checkSignal(k, path);
    let seconds: number;
    try {
      seconds = parseGoDuration(raw);
    } catch (e) {
      throw new ConfigError(`${path}: ${(e as Error).message}`);
    }
    if (seconds < 0) {
      throw new ConfigError(`${path}: invalid eviction grace period specified: ${raw}, must be a positive value`);
    }
    out.set(signal, seconds);
  }
  return out;
}

/** Parses evictionMinimumReclaim: percentages must be > 0 (no upper bound); quantities must be >= 0. */
export function parseMinimumReclaims(map: Readonly<Record<string, string>>, name: FieldNamer): Map<Signal, ThresholdValue> {
  const out = new Map<Signal, ThresholdValue>();
  for (const [k, raw] of Object.entries(map)) {
    const path = name("evictionMinimumReclaim", k);
    const signal = checkSignal(k, path);
    if (raw.endsWith("%")) {
      const percentage = parsePercentage(raw, path);
      if (percentage <= 0) {
        throw new ConfigError(`${path}: eviction percentage minimum reclaim ${signal} must be positive: ${raw}`);
      }
      out.set(signal, { percentage });
      continue;
    }
    const { sign, value } = parseSignedQuantity(raw, path);
    if (sign < 0) throw new ConfigError(`${path}: negative eviction minimum reclaim specified for ${signal}`);
    out.set(signal, { quantity: value });
  }
  return out;
}
