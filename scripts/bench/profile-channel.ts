// How replica-process.ts tells the collection thread (profiled-fetch-worker.ts) to profile
// itself over the steady window: a BroadcastChannel reaches every thread of the process. Both
// threads take their profile the same way (startProfile).
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";

/** The channel's name. */
export const PROFILE_CHANNEL = "headroom-bench-cpu-prof";

/** Start profiling, or stop and write the profile to the file `stop` names. */
export type ProfileMessage = { start: true } | { stop: string };

/**
 * What the profiles are: CPU profiles, or with BENCH_HEAP_PROF set sampling heap profiles, which
 * also keep what major GCs collected but not what scavenges did: the objects that lived long
 * enough to be promoted and then died, the garbage the old generation's marking pays for.
 */
export const PROFILE_EXTENSION = process.env.BENCH_HEAP_PROF ? "heapprofile" : "cpuprofile";

/** Starts a profile of the calling thread (PROFILE_EXTENSION); the function it returns stops it and writes it to `file`. */
export async function startProfile(): Promise<(file: string) => Promise<void>> {
  const session = new Session();
  session.connect();
  if (process.env.BENCH_HEAP_PROF) return startHeapSampling(session);
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return async (file) => {
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}

async function startHeapSampling(session: Session): Promise<(file: string) => Promise<void>> {
  await session.post("HeapProfiler.enable");
  // node's typings lag the protocol: the two include* options arrived with V8 12
  const options = { samplingInterval: 16_384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: false };
  await session.post("HeapProfiler.startSampling", options as { samplingInterval: number });
  return async (file) => {
    const { profile } = await session.post("HeapProfiler.stopSampling");
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}
