// Shared by playwright.config.ts (the servers) and the tests.
export const PORT = Number(process.env.E2E_PORT ?? 3107);
/** A second server on the same build with token authentication (e2e/auth.e2e.ts). */
export const TOKEN_PORT = Number(process.env.E2E_TOKEN_PORT ?? PORT + 1);
export const E2E_TOKEN = "e2e-token-7f3a9c1d5b2e4f60";
export const TOKEN_SERVER_LOG = "artifacts/e2e-token-server.log";
/** Debian's Prometheus scraping the e2e server (e2e/prometheus.mjs). */
export const PROMETHEUS_PORT = Number(process.env.E2E_PROMETHEUS_PORT ?? PORT + 2);

/**
 * Frozen memory-pressure servers for e2e/forecast.e2e.ts, each fast-forwarded to one live state
 * (times found by lib/forecast/forecast.sim.test.ts). The first e2e server (330 s) shows the hold.
 */
export const FORECAST_STATES = {
  /** leaking, no threshold met yet (needs a running clock: unit-tested only) */
  approaching: { seconds: 200, port: 0 },
  /** soft threshold met at 250 s, within its 90 s grace */
  softGrace: { seconds: 270, port: PORT + 10 },
  /** hard threshold crossed at ~290.5 s; the kubelet's next cycle (300 s) evicts */
  hardMet: { seconds: 295, port: PORT + 11 },
  /** evicted at 300 s; MemoryPressure held by the 5m transition period until 600 s */
  held: { seconds: 330, port: PORT },
} as const;

/**
 * The demo scenario, warmed up and frozen: every termination cause has happened (e2e/terminations.e2e.ts)
 * and a pod is mid in-place resize (e2e/oom-order.e2e.ts).
 */
export const DEMO_PORT = Number(process.env.E2E_DEMO_PORT ?? PORT + 12);

/** The slow-pod-list scenario's server, started by e2e/first-sync.e2e.ts itself (its first sync is the test). */
export const FIRST_SYNC_PORT = Number(process.env.E2E_FIRST_SYNC_PORT ?? PORT + 30);

/** The date the page prints before a time that is not today ("Nov 29, "), optional. */
export const CLOCK_DATE = String.raw`(?:\w+ \d+(?:, \d{4})?, )?`;
/**
 * A wall-clock time as the pages print it (lib/format/times.ts formatTime): "23:44:50" today, with
 * the date before it on another day ("Nov 27, 23:44:50"; the year too in another year). The frozen
 * clusters' moments are minutes before a test runs, so a run that crosses midnight gets the dated
 * form (a clean-clone CI started at 23:42 UTC failed on it).
 */
export const CLOCK = String.raw`${CLOCK_DATE}\d\d:\d\d:\d\d`;
