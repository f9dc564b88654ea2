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

/** Fills in a finding's fix fragment and flags on top of its node's own settings. */
function written(f: Finding, raw: RawSettings): Finding {
  if (!f.fix) return f;
  try {
    if (f.fix.whatIf) {
      const change = kubeletChange(
        f.fix.whatIf,
        { kubeletConfig: raw.kubeletConfig, kubeletFlags: raw.kubeletFlags },
        f.fix.remove,
      );
      return { ...f, fix: { ...f.fix, yaml: change.yaml, flags: change.flags } };
    }
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
