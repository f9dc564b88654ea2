// Fixes written through the same writers as the what-if's "apply this change" (lib/kubelet-fragment.ts):
// a map is written whole, as the node would run it, so the fragment never drops the node's other entries.
import { kubeletChange, settingChange, type SettingChange } from "../../kubelet-fragment";
import type { WhatIf } from "../types";
import type { Fix } from "./types";

export interface RawConfig {
  kubeletConfig: unknown;
  kubeletFlags: string | null;
}

/** A fix that changes eviction maps: the what-if and its fragment on top of the node's own settings. */
export function mapFix(text: string, whatIf: WhatIf, raw: RawConfig): Fix {
  try {
    const change = kubeletChange(whatIf, raw);
    return { text, whatIf, yaml: change.yaml, flags: change.flags };
  } catch {
    // The node's own settings are refused (config-invalid says why): the words still apply.
    return { text, whatIf };
  }
}

/** A fix that sets scalar or list settings. */
export function settingFix(text: string, change: SettingChange): Fix {
  return { text, ...settingChange(change) };
}
