import { WHAT_IF_KEYS } from "../config/effective-config";
import type { Node, Pod, Summary } from "../k8s-types";
import type { FilesystemLayout } from "../observe";
import { DEFAULT_FEATURE_GATES, type FeatureGates } from "../pods/pod-resources";
import type { WhatIf } from "../types";
import { describeValue, fieldPath, InputError, isObject, jsonType } from "./input-errors";
import { INPUT_KEYS } from "./input-keys";
import { checkNesting } from "./nesting";
import { misplacedDocument } from "./recognize";
import { validateNode, validatePods } from "./validate-objects";
import { validateSummary } from "./validate-summary";

/** The contract's input document after validation. */
export interface AnalyzeInput {
  node?: Node;
  pods: Pod[];
  summary?: Summary;
  kubeletConfig?: unknown;
  kubeletFlags?: string;
  featureGates: FeatureGates;
  filesystems?: FilesystemLayout;
  whatIf: WhatIf;
  nowMs: number | null;
}

const WHATIF_MAPS = WHAT_IF_KEYS;
const SCALE_KEYS = ["memory", "ephemeral-storage", "pid"] as const;

function stringMap(v: unknown, path: string): Record<string, string> | undefined {
  if (v == null) return undefined;
  if (!isObject(v)) throw new InputError(`${path}: must be an object, got ${jsonType(v)}`);
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(v)) {
    if (typeof val === "number" && Number.isFinite(val)) out[k] = String(val);
    else if (typeof val === "string") out[k] = val;
    else throw new InputError(`${fieldPath(path, k)}: must be a string, got ${jsonType(val)}`);
  }
  return out;
}

function parseWhatIf(v: unknown): WhatIf {
  if (v == null) return {};
  if (!isObject(v)) throw new InputError(`whatIf: must be an object, got ${jsonType(v)}`);
  const out: WhatIf = {};
  for (const key of Object.keys(v)) {
    if (!(WHATIF_MAPS as readonly string[]).includes(key) && key !== "usageScale") {
      throw new InputError(
        `${fieldPath("whatIf", key)}: unknown setting (allowed: ${[...WHATIF_MAPS, "usageScale"].join(", ")})`,
      );
    }
  }
  for (const key of WHATIF_MAPS) {
    const m = stringMap(v[key], `whatIf.${key}`);
    if (m) out[key] = m;
  }
  if (v.usageScale != null) {
    if (!isObject(v.usageScale)) throw new InputError(`whatIf.usageScale: must be an object, got ${jsonType(v.usageScale)}`);
    out.usageScale = {};
    for (const [k, s] of Object.entries(v.usageScale)) {
      const path = fieldPath("whatIf.usageScale", k);
      if (!(SCALE_KEYS as readonly string[]).includes(k))
        throw new InputError(`${path}: unknown resource (allowed: ${SCALE_KEYS.join(", ")})`);
      if (typeof s !== "number" || !Number.isFinite(s) || s < 0 || s > 1000) {
        throw new InputError(`${path}: must be a number from 0 to 1000, got ${describeValue(s)}`);
      }
      out.usageScale[k as (typeof SCALE_KEYS)[number]] = s;
    }
  }
  return out;
}

function parseGates(v: unknown): FeatureGates {
  if (v == null) return { ...DEFAULT_FEATURE_GATES };
  if (!isObject(v)) throw new InputError(`featureGates: must be an object, got ${jsonType(v)}`);
  const gates = { ...DEFAULT_FEATURE_GATES };
  for (const [k, val] of Object.entries(v)) {
    if (typeof val !== "boolean")
      throw new InputError(`${fieldPath("featureGates", k)}: must be true or false, got ${describeValue(val)}`);
    if (k === "PodLevelResources") gates.PodLevelResources = val;
    if (k === "KubeletPSI") gates.KubeletPSI = val;
  }
  return gates;
}

function parseFilesystems(v: unknown): FilesystemLayout | undefined {
  if (v == null) return undefined;
  if (!isObject(v)) throw new InputError(`filesystems: must be an object, got ${jsonType(v)}`);
  const flag = (k: string) => {
    const b = v[k];
    if (b == null) return false;
    if (typeof b !== "boolean") throw new InputError(`filesystems.${k}: must be true or false, got ${describeValue(b)}`);
    return b;
  };
  return { dedicatedImageFs: flag("dedicatedImageFs"), splitContainerFs: flag("splitContainerFs") };
}

function parseNow(v: unknown): number | null {
  if (v == null) return null;
  // RFC 3339 needs a date, a time and a zone; Date.parse alone would take "2024" or "tomorrow"-ish strings.
  const rfc3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
  const ms = typeof v === "string" && rfc3339.test(v) ? Date.parse(v) : NaN;
  if (Number.isNaN(ms))
    throw new InputError(`now: must be an RFC 3339 time such as "2026-01-02T15:04:05Z", got ${describeValue(v)}`);
  return ms;
}

/** Validates the contract's input document, naming the first bad field. */
export function parseAnalyzeInput(raw: unknown): AnalyzeInput {
  const misplaced = misplacedDocument(raw);
  if (misplaced) throw new InputError(misplaced);
  if (!isObject(raw)) throw new InputError(`input: must be a JSON object, got ${jsonType(raw)}`);
  for (const key of Object.keys(raw)) {
    // Quoted unless a plain name, so an empty or odd key ("", "a: b") still reads as a field.
    if (!INPUT_KEYS.has(key))
      throw new InputError(
        `${/^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? key : JSON.stringify(key)}: unknown field (allowed: ${[...INPUT_KEYS].join(", ")})`,
      );
  }
  // Before anything walks the document: every later step (and its error messages) may recurse.
  checkNesting(raw);
  if (raw.kubeletFlags != null && typeof raw.kubeletFlags !== "string") {
    throw new InputError(`kubeletFlags: must be a string, got ${jsonType(raw.kubeletFlags)}`);
  }
  return {
    node: validateNode(raw.node),
    pods: validatePods(raw.pods),
    summary: validateSummary(raw.summary),
    kubeletConfig: raw.kubeletConfig ?? undefined,
    kubeletFlags: (raw.kubeletFlags as string | null) ?? undefined,
    featureGates: parseGates(raw.featureGates),
    filesystems: parseFilesystems(raw.filesystems),
    whatIf: parseWhatIf(raw.whatIf),
    nowMs: parseNow(raw.now),
  };
}

/**
 * A validated input with another what-if, validated the same way. The dashboard validates a
 * node's data once and re-runs only the what-if on every slider move.
 */
export function withWhatIf(input: AnalyzeInput, whatIf: unknown): AnalyzeInput {
  return { ...input, whatIf: parseWhatIf(whatIf) };
}
