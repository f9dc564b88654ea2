// The main thread's garbage collections over a window, from Node's `gc` performance entries:
// how many scavenges (young generation) and full collections, and how long they held the thread.
// A change that allocates less shows here as fewer scavenges, where the process's CPU, shared
// with the collection thread and V8's helpers, moves more between two runs than the change does.
import { constants, PerformanceObserver } from "node:perf_hooks";

export interface GcTally {
  scavenges: number;
  scavengeMs: number;
  fullCollections: number;
  fullMs: number;
}

/** Starts counting; the function it returns stops and gives the tally. */
export function startGcTally(): () => GcTally {
  const tally: GcTally = { scavenges: 0, scavengeMs: 0, fullCollections: 0, fullMs: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) {
        tally.scavenges++;
        tally.scavengeMs += e.duration;
      } else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        tally.fullCollections++;
        tally.fullMs += e.duration;
      }
    }
  });
  observer.observe({ entryTypes: ["gc"] });
  return () => {
    observer.disconnect();
    return { ...tally };
  };
}

/** "412 scavenges (1.83 s), 3 full collections (0.21 s)". */
export function formatGcTally(t: GcTally): string {
  return `${t.scavenges} scavenges (${(t.scavengeMs / 1000).toFixed(2)} s), ${t.fullCollections} full collections (${(t.fullMs / 1000).toFixed(2)} s)`;
}
