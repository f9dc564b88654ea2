// The one formatting module: every number and time a person reads, in the UI, the CLI and the
// embeds alike (house-style: "every number and time printed by one formatting module").
export { formatCount, formatCountOf } from "./counts";
export { formatAge, formatDuration } from "./durations";
export { formatBytes, formatPercent, formatResource, formatSignal, formatStall } from "./quantities";
export { formatClock, formatDay, formatIsoTime, formatTime, formatUtcClock, sameDay } from "./times";

/** Joins class names, skipping falsy ones. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}
