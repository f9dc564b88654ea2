// The kubelet configuration advisor for the server, the CLI and the browser: the pure rules of
// lib/eviction/advisor, with each fix written out as the KubeletConfiguration fragment and kubelet
// flags by the what-if's writers (lib/whatif/kubelet-fragment.ts).
import {
  adviseNode as adviseNodeRules,
  fleetAdvice as fleetAdviceRules,
  type AdvisorInput,
  type Finding,
  type FleetAdvice,
  type RawSettings,
} from "../eviction/advisor";
import { kubeletChange, settingChange } from "./kubelet-fragment";

export { findingsDiff, RULES, type AdvisorInput, type Finding } from "../eviction/advisor";

type Written = { yaml: string; flags: string } | null;

// The cache keeps one object per distinct kubelet configuration (lib/k8s/store/cache.ts interns
// configz), so a pool's nodes share it: each fix is written once per configuration, flags and
// what-if, not once per node (at 5 000 nodes of one pool that was a sixth of the fleet pass).
const writtenFor = new WeakMap<object, Map<string, Written>>();

function writeWhatIf(fix: NonNullable<Finding["fix"]>, raw: RawSettings): Written {
  try {
    const change = kubeletChange(fix.whatIf!, { kubeletConfig: raw.kubeletConfig, kubeletFlags: raw.kubeletFlags }, fix.remove);
    return { yaml: change.yaml, flags: change.flags };
  } catch {
    // the node's own settings are refused (config-invalid says why): the words still apply
    return null;
  }
}

function writeWhatIfOnce(fix: NonNullable<Finding["fix"]>, raw: RawSettings): Written {
  const config = raw.kubeletConfig;
  if (typeof config !== "object" || config === null) return writeWhatIf(fix, raw);
  let byFix = writtenFor.get(config);
  if (!byFix) writtenFor.set(config, (byFix = new Map()));
  const key = JSON.stringify([raw.kubeletFlags, fix.whatIf, fix.remove ?? null]);
  let w = byFix.get(key);
  if (w === undefined) byFix.set(key, (w = writeWhatIf(fix, raw)));
  return w;
}

/** Fills in a finding's fix fragment and flags on top of its node's own settings. */
function written(f: Finding, raw: RawSettings): Finding {
  if (!f.fix) return f;
  if (f.fix.whatIf) {
    const w = writeWhatIfOnce(f.fix, raw);
    return w ? { ...f, fix: { ...f.fix, yaml: w.yaml, flags: w.flags } } : f;
  }
  try {
    if (f.fix.settings) return { ...f, fix: { ...f.fix, ...settingChange(f.fix.settings) } };
  } catch {
    // the node's own settings are refused (config-invalid says why): the words still apply
  }
  return f;
}

/** Every finding of one node, each fix written out. */
export function adviseNode(input: AdvisorInput): Finding[] {
  return adviseNodeRules(input).map((f) => written(f, input));
}

/** A fleet's findings built one node at a time (lib/k8s/documents/findings.ts), each fix written out. */
export function fleetAdvice(): FleetAdvice {
  return fleetAdviceRules(written);
}

/** Every finding of a fleet (node rules and pool drift), each fix written out. */
export function adviseFleet(nodes: readonly (AdvisorInput & { pool: string | null })[]): Finding[] {
  const advice = fleetAdvice();
  for (const n of nodes) advice.add(n);
  return advice.finish();
}
