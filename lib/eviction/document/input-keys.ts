// Pure: shared by input.ts (unknown-field check) and recognize.ts, so neither imports the other back.
/** The analyze input document's top-level fields (recognize.ts tells a whole input from a piece by them). */
export const INPUT_KEYS: ReadonlySet<string> = new Set([
  "node",
  "pods",
  "summary",
  "kubeletConfig",
  "kubeletFlags",
  "featureGates",
  "filesystems",
  "whatIf",
  "now",
]);
