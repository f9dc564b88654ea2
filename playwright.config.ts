import { defineConfig, devices } from "@playwright/test";

import { chromiumLaunchOptions } from "./e2e/browser";
import { DEMO_PORT, E2E_TOKEN, FORECAST_STATES, PORT, PROMETHEUS_PORT, TOKEN_PORT, TOKEN_SERVER_LOG } from "./e2e/constants";
import { makeRunTmpdir } from "./tests/run-tmpdir.mjs";

// Files that measure the servers themselves (response times, a server's memory under 60 uploads, the
// token server's log): they run after all the others, one at a time, so a browser test running
// beside them never counts in their figures. Everything else runs on two workers: the tests spend
// most of their time waiting on pages, and the servers are shared read-only (the simulated clusters
// are frozen; no test changes a server's state except these). CI time: docs/ci-time.md.
// embed.e2e.ts joins them: its portal listens on the one origin the server allows
// (HEADROOM_EMBED_ORIGINS), as embed-panels.e2e.ts's does, and two listeners cannot share a port.
const ALONE = /\/(hardening|hardening-token|auth|embed)\.e2e\.ts$/;

// The first web server builds the app when it is out of date; the test command has type-checked the
// tree already (npm run checks), so that build skips its second tsc run (next.config.js).
process.env.HEADROOM_BUILD_TYPES_CHECKED ??= "1";

// The run's own temp directory, made before the web servers start so they inherit it, and removed
// when this process exits (tests/run-tmpdir.mjs). The workers evaluate this file too, and find it.
makeRunTmpdir("e2e");

const sim = { HEADROOM_SIM_SCENARIO: "memory-pressure", HEADROOM_SIM_FAST_FORWARD_SECONDS: "330", HEADROOM_SIM_SPEED: "0" };

const browser = {
  ...devices["Desktop Chrome"],
  // Debian's Chromium: the project never downloads a browser of its own.
  launchOptions: chromiumLaunchOptions({ forTests: true }),
};

export default defineConfig({
  testDir: "./e2e",
  testMatch: /.*\.e2e\.ts/,
  // Tests, not files, are shared out between the two workers: a file is not a unit of work (one
  // file's tests took 172 s in a row), so the last long file no longer leaves a worker idle at the
  // end. A file whose tests share something (e2e/embed-panels.e2e.ts: its portal's one port) keeps
  // them in one worker with test.describe.configure({ mode: "default" }).
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // Waits sized for a loaded CI machine, not a quiet laptop: two browsers, the servers and the
  // simulated clusters share 2 cores there (load 12 seen), and a node page then needs more than
  // Playwright's default 5 s to show its heading after a click (three such failures in one CI run,
  // docs/ci-time.md). A passing test waits no longer for it; a failing one fails later.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Recording a trace snapshots the page at every action (the node page's DOM is large); on CI a
    // failing test is retried, and its retry records one, so the passing 200 record none.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
  },
  projects: [
    // `npm run demo:ha` under test: the test starts the demo itself (the simulated cluster and three
    // replica processes on this build, at E2E_PORT+20) because it kills one. Listed first and on one
    // worker, its two files run one after the other beside the "chromium" tests, from the start: most
    // of their time is waiting on Leases to expire. Listed last, they ran together at the very end,
    // two demos of four processes starting at once while the other worker had nothing left to run.
    { name: "chromium-ha", testDir: "./e2e/ha", workers: 1, use: browser },
    {
      name: "chromium",
      // e2e/ha/ starts its own replicas and kills one: project "chromium-ha"
      testIgnore: [ALONE, /\/e2e\/ha\//],
      use: browser,
      // runs when "chromium" has finished, whatever its result; `--no-deps` leaves it out when you
      // run one file of "chromium" by hand
      teardown: "chromium-alone",
    },
    { name: "chromium-alone", testMatch: ALONE, workers: 1, use: browser },
  ],
  // Started in order: the first builds when needed, the second reuses that build.
  webServer: [
    {
      command: `node scripts/start.mjs`,
      env: {
        PORT: String(PORT),
        HOSTNAME: "127.0.0.1",
        // the demo cluster, fast-forwarded past the first eviction, then frozen so pages are stable
        ...sim,
        HEADROOM_EMBED_ORIGINS: `http://127.0.0.1:${Number(process.env.E2E_PORTAL_PORT ?? 4107)}`,
        HEADROOM_PROMETHEUS_URL: `http://127.0.0.1:${PROMETHEUS_PORT}`,
        HEADROOM_CLUSTER_LINKS: `e2e=http://127.0.0.1:${PORT}`,
      },
      url: `http://127.0.0.1:${PORT}/api/healthz`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
    },
    {
      // its output is kept so e2e/auth.e2e.ts can check that no log line carries the token
      command: `mkdir -p artifacts && node scripts/start.mjs 2>&1 | tee ${TOKEN_SERVER_LOG}`,
      env: {
        PORT: String(TOKEN_PORT),
        HOSTNAME: "127.0.0.1",
        ...sim,
        HEADROOM_AUTH_MODE: "token",
        HEADROOM_AUTH_TOKEN: E2E_TOKEN,
        HEADROOM_LOG_LEVEL: "debug",
        // a Prometheus that is not there: the charts fall back to the in-memory ring and say so
        HEADROOM_PROMETHEUS_URL: "http://127.0.0.1:9",
      },
      url: `http://127.0.0.1:${TOKEN_PORT}/api/healthz`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
    },
    {
      command: `node e2e/prometheus.mjs 127.0.0.1:${PROMETHEUS_PORT} 127.0.0.1:${PORT}`,
      url: `http://127.0.0.1:${PROMETHEUS_PORT}/-/ready`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    // e2e/forecast.e2e.ts: the same scenario frozen at other moments, one live state each
    ...[FORECAST_STATES.softGrace, FORECAST_STATES.hardMet].map((st) => ({
      command: `node scripts/start.mjs`,
      env: { PORT: String(st.port), HOSTNAME: "127.0.0.1", ...sim, HEADROOM_SIM_FAST_FORWARD_SECONDS: String(st.seconds) },
      url: `http://127.0.0.1:${st.port}/api/healthz`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
    })),
    // e2e/terminations.e2e.ts: the demo's 32 warm-up minutes (OOM kills, a system OOM, a drain, a
    // preemption, a taint, kubelet evictions), then frozen; also
    // e2e/oom-order.e2e.ts (the pod mid in-place resize)
    {
      command: `node scripts/start.mjs`,
      env: { PORT: String(DEMO_PORT), HOSTNAME: "127.0.0.1", HEADROOM_SIM_SCENARIO: "demo", HEADROOM_SIM_SPEED: "0" },
      url: `http://127.0.0.1:${DEMO_PORT}/api/healthz`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
    },
  ],
});
