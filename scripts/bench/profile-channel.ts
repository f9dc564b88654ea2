// How replica-process.ts tells the collection thread (profiled-fetch-worker.ts) to profile
// itself over the steady window: a BroadcastChannel reaches every thread of the process. Both
// threads take their profile the same way (startCpuProfile).
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";

/** The channel's name. */
export const PROFILE_CHANNEL = "headroom-bench-cpu-prof";

/** Start profiling, or stop and write the profile to the file `stop` names. */
export type ProfileMessage = { start: true } | { stop: string };

/**
 * Starts a CPU profile of the calling thread; the function it returns stops it and writes it to `file`.
 * With BENCH_HEAP_PROF set, a sampling heap profile instead (`file` with `.heapprofile` for
 * `.cpuprofile`), which also keeps what major GCs collected but not what scavenges did: the objects
 * that lived long enough to be promoted and then died, the garbage the old generation's marking pays for.
 */
export async function startCpuProfile(): Promise<(file: string) => Promise<void>> {
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
    const heapFile = file.replace(/\.cpuprofile$/, ".heapprofile");
    writeFileSync(heapFile, JSON.stringify(profile));
    // the callers wait for the file they named (the collection thread's)
    if (heapFile !== file) writeFileSync(file, JSON.stringify({ heapProfile: heapFile }));
    session.disconnect();
  };
}
