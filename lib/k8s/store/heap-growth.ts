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
// V8 reads this flag each time it sizes the heap, so setting it when the cache starts works, the
// same way wherever the cache runs: `npm start`, the container image, the data-layer benchmark.
// A value given on node's command line (e.g. --heap-growing-percent=0 for V8's own choice) wins.
// NODE_OPTIONS cannot carry it: node refuses to start with V8 heap flags there.
const HEAP_GROWING_PERCENT = 30;

const FLAG = /^--heap[-_]growing[-_]percent(=|$)/;
let done = false;

/** Applies HEAP_GROWING_PERCENT once per process, unless the process was given its own value. */
export function limitHeapGrowth(): void {
  if (done) return;
  done = true;
  const given = process.execArgv.some((a) => FLAG.test(a));
  if (!given) v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
