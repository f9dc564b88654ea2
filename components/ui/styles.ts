// Shared class lists, so spacing and contrast are decided once rather than on every line.

/** A data table: every header and body cell padded, so adjacent numbers never run together. */
export const DATA_TABLE =
  "w-full text-left text-sm [&_td]:px-2 [&_td]:py-1 [&_td]:align-top [&_th]:px-2 [&_th]:py-1 [&_th]:font-medium";

/** Secondary text that still meets WCAG AA contrast on the page background in both themes. */
export const MUTED = "text-zinc-600 dark:text-zinc-400";
