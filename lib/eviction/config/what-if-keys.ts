// Its own module so the browser's URL state can read the list without the config parsers
// (effective-config.ts pulls in the kubelet flag parser): see ../client.ts.

/** The kubelet setting maps a what-if may override, key by key (the contract's `whatIf` maps). */
export const WHAT_IF_KEYS = [
  "kubeReserved",
  "systemReserved",
  "evictionHard",
  "evictionSoft",
  "evictionSoftGracePeriod",
  "evictionMinimumReclaim",
] as const;
