// How replica-process.ts tells the collection thread (profiled-fetch-worker.ts) to profile
// itself over the steady window: a BroadcastChannel reaches every thread of the process. Both
// threads take their profile the same way (startCpuProfile).
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";

/** The channel's name. */
export const PROFILE_CHANNEL = "headroom-bench-cpu-prof";

/** Start profiling, or stop and write the profile to the file `stop` names. */
export type ProfileMessage = { start: true } | { stop: string };

/** Starts a CPU profile of the calling thread; the function it returns stops it and writes it to `file`. */
export async function startCpuProfile(): Promise<(file: string) => Promise<void>> {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return async (file) => {
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}
