import "server-only";

import v8 from "node:v8";

// How far V8 lets the old generation grow past what the last full GC left alive before it
// collects again. V8 picks the factor itself, up to 4x, from how fast the program promotes
// objects compared with how fast it marks them. The cache promotes steadily (every node's Summary,
// row and history sample are replaced every collection period) and marks a large live set, so
// V8's pick drifts to 3-4x: at 5 000 nodes / 150 000 pods that is ~220 MiB live in a heap that
// grows to 700-900 MiB before each collection, and the resident size never comes back down.
// A fixed 30% keeps the heap near the live set for a few percent of one core in extra (mostly
// concurrent) marking. Unlike --max-old-space-size it is not a ceiling: a bigger cluster gets a
// bigger heap, not an out-of-memory crash.
//
// Until a cache's first sync is complete the heap grows with what it keeps (the pod list, the
// first Summaries), not with garbage, and at 30% V8 marks that growing live set again every
// 30%: nine full collections on the way to ~200 MiB at 150 000 pods, which took V8's helper
// threads 3.4-3.7 s of CPU against 1.9-2.2 s at 100%, and the first complete document came
// 1.3-1.5 s later in a harness timing the first sync, 0.4-1 s in the data bench's interleaved
// pairs (docs/benchmark-rounds.md, round twenty-two). So the heap may double between collections
// while any cache is in its first sync; the last-resort collection after it (heap-release.ts)
// brings the heap back to the live set, and from there 30% holds it.
//
// V8 reads this flag each time it sizes the heap, so setting it when the cache starts works, the
// same way wherever the cache runs: `npm start`, the container image, the data-layer benchmark.
// A value given on node's command line (e.g. --heap-growing-percent=0 for V8's own choice) wins.
// NODE_OPTIONS cannot carry it: node refuses to start with V8 heap flags there.
export const HEAP_GROWING_PERCENT = 30;
export const FIRST_SYNC_HEAP_GROWING_PERCENT = 100;

const FLAG = /^--heap[-_]growing[-_]percent(=|$)/;

/** Sets the heap growth for the caches' phases; one per process (`heapGrowth`), or a test's own. */
export class HeapGrowth {
  private syncing = 0;
  /** The percent set last; null before the first cache starts or when node's command line gave one. */
  percent: number | null = null;

  constructor(
    private readonly given = process.execArgv.some((a) => FLAG.test(a)),
    private readonly setFlags: (flags: string) => void = (f) => v8.setFlagsFromString(f),
  ) {}

  /** A cache starts its first sync; the function it returns ends it (a second call does nothing). */
  firstSync(): () => void {
    this.syncing++;
    this.apply();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.syncing--;
      this.apply();
    };
  }

  /** Caches in their first sync now. */
  get caches(): number {
    return this.syncing;
  }

  private apply(): void {
    if (this.given) return;
    const percent = this.syncing > 0 ? FIRST_SYNC_HEAP_GROWING_PERCENT : HEAP_GROWING_PERCENT;
    if (percent === this.percent) return;
    this.setFlags(`--heap-growing-percent=${percent}`);
    this.percent = percent;
  }
}

/** The process's heap growth (V8's flags are the process's). */
export const heapGrowth = new HeapGrowth();
