// How replica-process.ts tells the collection thread (profiled-fetch-worker.ts) to profile
// itself over the steady window: a BroadcastChannel reaches every thread of the process.

/** The channel's name. */
export const PROFILE_CHANNEL = "headroom-bench-cpu-prof";

/** Start profiling, or stop and write the profile to the file `stop` names. */
export type ProfileMessage = { start: true } | { stop: string };
