// The collection settings every data-layer bench runs with, so the single process (bench-data.ts)
// and each replica (bench/replica-process.ts) are measured under the same ones.
export const SUMMARY_INTERVAL_MS = 10_000;

export const benchCacheSettings = (mode: "proxy" | "direct") => ({
  mode,
  summaryIntervalMs: SUMMARY_INTERVAL_MS,
  configzIntervalMs: 300_000,
  historySeconds: 3600,
  concurrency: 32,
  kubeletTimeoutMs: 5000,
  kubeletInsecureSkipVerify: false,
});
