// Fixes as data: the what-if (eviction maps) or the settings that fix a finding. lib/whatif/advisor-fixes.ts
// writes them out as a KubeletConfiguration fragment and kubelet flags through the what-if's own
// writers (lib/whatif/kubelet-fragment.ts), so a map is written whole, as the node would run it.
import type { WhatIf } from "../types";
import type { Fix, SettingChange } from "./types";

export interface RawConfig {
  kubeletConfig: unknown;
  kubeletFlags: string | null;
}

/** A fix that changes eviction maps: the what-if to apply on top of the node's own settings. */
export function mapFix(text: string, whatIf: WhatIf, _raw: RawConfig): Fix {
  return { text, whatIf };
}

/** A fix that sets scalar or list settings. */
export function settingFix(text: string, settings: SettingChange): Fix {
  return { text, settings };
}
