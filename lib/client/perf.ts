// User Timing marks around the browser-side engine runs, so `npm run bench` (and DevTools) can read
// how long a what-if recompute takes without instrumenting React internals.

/** Runs `f` and records its duration as a performance measure named `name`. */
export function timed<T>(name: string, f: () => T): T {
  const start = performance.now();
  try {
    return f();
  } finally {
    performance.measure(name, { start, end: performance.now() });
  }
}
