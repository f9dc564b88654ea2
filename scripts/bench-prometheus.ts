// `npm run bench` (history part): a 7-day chart of one node read back from a real Prometheus.
// Seven days of Headroom's series for one node (a 30 s scrape, as the ServiceMonitor sets) are
// backfilled with `promtool tsdb create-blocks-from openmetrics`, Prometheus serves them, and the
// history route's query (both range queries, ~360 points per series) is timed; then Headroom runs
// on a small simulated cluster with that node, against that Prometheus, and headless Chromium
// times the node page's charts switching from 1 hour to 7 days. Prints figures; asserts nothing.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

import { makeRunTmpdir } from "../tests/run-tmpdir.mjs";
import { launchChromium } from "./bench/chromium";
import { startPrometheus } from "./bench/prometheus-server";
import { printedLines, recordBench } from "./bench/report";

// this bench's temp files (kubeconfigs, bundles, its children's) go with it when it exits
makeRunTmpdir("bench");

await import("../bin/register-server-only.mjs");
const { prometheusHistory } = await import("../lib/prometheus/history");
const { RANGES, stepFor } = await import("../lib/contract/history");

const NODE = "fleet-0";
const SCRAPE = 30;
const GI = 1024 ** 3;
const dir = mkdtempSync(join(tmpdir(), "headroom-bench-prom-"));
const end = Math.floor(Date.now() / 1000 / 3600) * 3600;
const start = end - RANGES["7d"];

// The signals a node with the default thresholds exports: observed for each, a hard threshold for
// five, a soft one for memory. Memory follows a daily cycle plus a slow leak, so blocks compress
// as real data does.
const observed: Record<string, (t: number) => number> = {
  "memory.available": (t) => 20 * GI + 6 * GI * Math.sin((2 * Math.PI * t) / 86400) - ((t - start) / RANGES["7d"]) * 4 * GI,
  "allocatableMemory.available": (t) => 18 * GI + 5 * GI * Math.sin((2 * Math.PI * t) / 86400),
  "nodefs.available": (t) => 150 * GI - ((t - start) % 86400) * 20_000,
  "nodefs.inodesFree": () => 12_000_000,
  "imagefs.available": (t) => 150 * GI - ((t - start) % 86400) * 20_000,
  "imagefs.inodesFree": () => 12_000_000,
  "pid.available": (t) => 4_000_000 - 2000 - (t % 600),
};
const thresholds: [string, "hard" | "soft", number][] = [
  ["memory.available", "hard", 100 * 1024 ** 2],
  ["memory.available", "soft", 1 * GI],
  ["nodefs.available", "hard", 20 * GI],
  ["nodefs.inodesFree", "hard", 655_360],
  ["imagefs.available", "hard", 30 * GI],
];

const lines: string[] = ["# TYPE headroom_signal_observed gauge"];
const labels = (extra: string) => `{job="headroom",instance="bench",node="${NODE}",${extra}}`;
for (const [signal, f] of Object.entries(observed))
  for (let t = start; t < end; t += SCRAPE)
    lines.push(`headroom_signal_observed${labels(`signal="${signal}"`)} ${Math.round(f(t))} ${t}`);
lines.push("# TYPE headroom_signal_threshold gauge");
for (const [signal, kind, v] of thresholds)
  for (let t = start; t < end; t += SCRAPE)
    lines.push(`headroom_signal_threshold${labels(`signal="${signal}",kind="${kind}"`)} ${v} ${t}`);
lines.push("# EOF", "");
const input = join(dir, "backfill.om");
writeFileSync(input, lines.join("\n"));
const t0 = performance.now();
execFileSync(
  process.env.PROMTOOL ?? "/usr/bin/promtool",
  ["tsdb", "create-blocks-from", "openmetrics", input, join(dir, "data")],
  { stdio: "ignore" },
);
const backfillMs = performance.now() - t0;

const prom = await startPrometheus([], join(dir, "data"));
try {
  const settings = { url: prom.url, matchers: [], timeoutMs: 10_000 };
  const step = stepFor(RANGES["7d"]);
  const times: number[] = [];
  let points = 0;
  for (let i = 0; i < 8; i++) {
    const s = performance.now();
    const doc = await prometheusHistory(settings, NODE, start, end, step);
    times.push(performance.now() - s);
    points = doc.series.reduce((n, x) => n + x.points.length + x.thresholds.reduce((m, t) => m + t.points.length, 0), 0);
  }
  const [cold, ...warm] = times;
  warm.sort((a, b) => a - b);
  console.log(
    `history bench: 7 days of ${NODE} (${Object.keys(observed).length} signals, ${thresholds.length} thresholds, ${SCRAPE} s scrape, ${(lines.length / 1000).toFixed(0)}k samples backfilled in ${(backfillMs / 1000).toFixed(1)} s)`,
  );
  console.log(
    `  7-day chart query (step ${step} s):   first ${cold!.toFixed(0)} ms, then median ${warm[3]!.toFixed(0)} ms  (${points} points)`,
  );
  const render = await chartRender(prom.url);
  console.log(
    `  7-day chart in the page (1h → 7d):    median ${render.median.toFixed(0)} ms of ${render.runs}, click to the charts redrawn with the answer (route + render)`,
  );
} finally {
  await prom.stop();
}
recordBench("History in Prometheus (scripts/bench-prometheus.ts)", printedLines());
process.exit(0);

/** Headroom on a 20-node simulated cluster (fleet-0 among them) reading history from `promUrl`; the 1h → 7d switch timed in Chromium. */
async function chartRender(promUrl: string): Promise<{ median: number; runs: number }> {
  const port = Number(process.env.BENCH_UI_PORT ?? 3199);
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      HEADROOM_SIM_SCENARIO: "large",
      HEADROOM_SIM_PARAMS: "nodes=20,deployments=20,replicas=5",
      HEADROOM_PROMETHEUS_URL: promUrl,
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const browser = await launchChromium();
  try {
    for (
      let i = 0;
      i < 600 &&
      !(await fetch(`${base}/api/readyz`).then(
        (r) => r.ok,
        () => false,
      ));
      i++
    )
      await new Promise((r) => setTimeout(r, 500));
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      await page.goto(`${base}/nodes/${NODE}?range=1h`);
      await page.getByTestId("history-source").waitFor({ timeout: 60_000 });
      const answered = page.waitForResponse((r) => r.url().includes("/history?range=7d"));
      const t0 = performance.now();
      await page.getByRole("group", { name: "Chart range" }).getByRole("button", { name: "7d" }).click();
      await answered;
      // two frames: React commits the new series, then the browser paints the charts
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return { median: times[2]!, runs: times.length };
  } finally {
    await browser.close();
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  }
}
