import "server-only";

import v8 from "node:v8";
import { runInNewContext } from "node:vm";

import { log } from "@/lib/server/log";

import type { Clock, Timer } from "../io/clock";

// V8 keeps the pages its collections free resident, in a pool it allocates from again; an
// ordinary collection, however full, does not give them back to the kernel. The first pod list
// of a large cluster is the heap's high-water mark (150 000 pods decoded and trimmed page by
// page, then every node's first analysis): at 5 000 nodes those pooled pages were 60-120 MiB of
// resident memory that the steady state never used again (docs/benchmark-rounds.md, round
// twenty-one). Only a "last resort" collection, the one V8 runs on a critical memory-pressure
// notification, releases them. Node offers no call for either but the gc extension, which this
// module enables for one new context only (`--expose-gc` is switched off again at once, so no
// later context, page or worker sees a `gc` global).

type Gc = (options: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;

let gc: Gc | null | undefined;

function gcFunction(): Gc | null {
  if (gc !== undefined) return gc;
  const given = (globalThis as { gc?: unknown }).gc;
  gc = typeof given === "function" ? (given as Gc) : gcFromExtension();
  return gc;
}

/** The gc extension's function from a new context, with `--expose-gc` on only while it is made. */
export function gcFromExtension(): Gc | null {
  try {
    v8.setFlagsFromString("--expose-gc");
    const f: unknown = runInNewContext("gc");
    return typeof f === "function" ? (f as Gc) : null;
  } catch {
    return null; // an embedder that refuses the flag: nothing is released, nothing else changes
  } finally {
    v8.setFlagsFromString("--no-expose-gc");
  }
}

/**
 * Collects all garbage and returns V8's freed pages to the kernel; the milliseconds it took, or
 * null where the gc extension is unavailable. It blocks the thread (~0.45 s at 5 000 nodes /
 * 150 000 pods), so the cache calls it only after a complete pod list (`HeapReleaser`).
 */
export function releaseHeapPages(): number | null {
  const f = gcFunction();
  if (!f) return null;
  const t0 = performance.now();
  f({ type: "major", execution: "sync", flavor: "last-resort" });
  return performance.now() - t0;
}

/** After a complete pod list: long enough for the rows it dirtied to be recomputed (~1 s at 5 000 nodes). */
export const HEAP_RELEASE_DELAY_MS = 5000;

/** Releases the heap's freed pages once, a while after it is asked to, when no viewer is waiting. */
export class HeapReleaser {
  private timer: Timer | undefined;
  /** Releases done, and the last one's milliseconds (null before the first, or without the extension). */
  count = 0;
  lastMs: number | null = null;

  constructor(
    private readonly clock: Clock,
    /** Runs its argument once no viewer's request is in flight (`ClusterCache.whenViewersServed`). */
    private readonly whenViewersServed: (fn: () => void) => void,
  ) {}

  /** Asks for one release HEAP_RELEASE_DELAY_MS from now; asking again meanwhile changes nothing. */
  soon(): void {
    if (this.timer) return;
    this.timer = this.clock.after(HEAP_RELEASE_DELAY_MS, () => this.whenViewersServed(() => this.run()), true);
  }

  stop(): void {
    this.timer?.cancel();
  }

  private run(): void {
    this.timer = undefined;
    const before = process.memoryUsage.rss();
    const ms = releaseHeapPages();
    if (ms === null) return;
    this.count++;
    this.lastMs = ms;
    const mib = (n: number) => Math.round(n / 2 ** 20);
    log.info("heap pages released after the pod list", {
      ms: Math.round(ms),
      rssMiB: mib(before),
      rssAfterMiB: mib(process.memoryUsage.rss()),
    });
  }
}
