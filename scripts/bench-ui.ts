// `npm run bench` (UI part): the dashboard in headless Chromium against the `large` simulated
// cluster (5 000 nodes, 150 000 pods). Prints: time until the fleet overview is interactive, the
// what-if recompute time for one node and across every node, interaction to next paint for a
// what-if slider change (one node, every node) with the longest main-thread task, and the
// first-load JS size (gzipped).
//
// The targets are measured the way Headroom meets a real cluster: the sim runs in its own process
// (scripts/bench/sim-process.ts) and Headroom reads it through a kubeconfig. The demo mode of
// `npm start`, where the 5 000 simulated kubelets share Headroom's event loop, is measured too and
// printed for information.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { type Browser } from "@playwright/test";

import { makeRunTmpdir } from "../tests/run-tmpdir.mjs";
import { launchChromium, pageInWindow } from "./bench/chromium";
import { gzippedSizes, recordScripts, totalKiB } from "./bench/first-load-js";
import { measureKeyInteractions, observeInteractions, takeMetrics, type InteractionFigures } from "./bench/inp";
import { printedLines, recordBench } from "./bench/report";
import { largeParams, startSimProcess } from "./bench/sim-process";
import { againstTarget } from "./bench/targets";

// this bench's temp files (kubeconfigs, bundles, its children's) go with it when it exits
makeRunTmpdir("bench");

const PORT = Number(process.env.BENCH_UI_PORT ?? 3199);
const BASE = `http://127.0.0.1:${PORT}`;
const NODES = Number(process.env.BENCH_NODES ?? 5000);
// Cold loads of the overview per mode: on a 2-core machine shared with 5 000 simulated kubelets
// one load varies by ±500 ms, so the figure is a median.
const LOADS = Number(process.env.BENCH_LOADS ?? 7);

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...process.env, PORT: String(PORT), HOSTNAME: "127.0.0.1", ...env },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
}

async function waitReady(timeoutMs: number): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < timeoutMs) {
    const ok = await fetch(`${BASE}/api/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return performance.now() - t0;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server not ready within ${timeoutMs / 1000}s`);
}

/** Navigation → first rows → a search for the last node answered, in a fresh page. */
async function overviewInteractive(browser: Browser, scripts?: Set<string>): Promise<number> {
  const page = await browser.newPage();
  if (scripts) recordScripts(page, scripts);
  const t0 = performance.now();
  await page.goto(BASE);
  await page.getByTestId("node-row").first().waitFor({ timeout: 60_000 });
  await page.getByRole("searchbox").fill(`fleet-${NODES - 1}`);
  await page
    .getByTestId("node-row")
    .filter({ hasText: `fleet-${NODES - 1}` })
    .first()
    .waitFor({ timeout: 30_000 });
  const ms = performance.now() - t0;
  await page.close();
  return ms;
}

// A person stepping a slider with the arrow key: ~8 steps a second. The fleet run (5 000 nodes)
// takes longer than that, so each press lands while the previous what-if is still being computed.
const KEY_GAP_MS = 120;

interface WhatIfFigures {
  node: number[];
  fleet: number[];
  nodeInp: InteractionFigures;
  fleetInp: InteractionFigures;
  fleetLoadTask: number;
  load: number[];
}

/**
 * The what-if on one node and on every node: engine time (User Timing marks) and, as a person
 * feels it, interaction to next paint for ArrowRight on the hard-threshold slider, and the long
 * tasks while the slider moves and after it rests (when the page's charts follow).
 */
async function whatIfRuns(browser: Browser): Promise<WhatIfFigures> {
  // a real 1440 × 900 window: under viewport emulation the page's frames wait for the browser's own
  const page = await pageInWindow(browser, 1440, 900);
  await page.goto(`${BASE}/nodes/fleet-0?whatif=1`);
  await page.getByTestId("ranking-table").waitFor({ timeout: 60_000 });
  const measure = (name: string) => page.evaluate((n) => performance.getEntriesByName(n).map((e) => e.duration), name);
  const slider = page.getByRole("slider", { name: "hard threshold memory.available", exact: true });
  for (const v of ["600Mi", "700Mi", "800Mi", "900Mi", "1Gi"]) {
    await page.getByLabel("hard memory.available", { exact: true }).fill(v);
    await page.getByTestId("what-if-diff").waitFor();
  }
  await observeInteractions(page);
  const load = [loadavg()[0]!];
  const nodeInp = await measureKeyInteractions(page, slider, "ArrowRight", 10, KEY_GAP_MS, 1000);
  const node = await measure("headroom:what-if-node");
  await page.evaluate(() => performance.clearMeasures("headroom:what-if-fleet"));
  await page.getByLabel("applies to").selectOption("all");
  await page
    .getByTestId("fleet-impact")
    .waitFor({ timeout: 60_000 })
    .catch(async (e: Error) => {
      // Say what the page showed instead of the fleet impact, not only that it was missing.
      const shown = await page
        .locator("#what-if-panel")
        .innerText()
        .catch(() => "(no what-if panel)");
      throw new Error(`${e.message.split("\n")[0]}; the what-if panel ends: ${JSON.stringify(shown.slice(-300))}`);
    });
  await page.locator("[data-testid=fleet-impact][aria-busy=false]").waitFor({ timeout: 60_000 });
  // the one-off load of the 9 MB fleet document (parse) happens when the scope is chosen
  const fleetLoadTask = (await takeMetrics(page)).longTasks.reduce((a, t) => Math.max(a, t.duration), 0);
  load.push(loadavg()[0]!);
  const fleetInp = await measureKeyInteractions(page, slider, "ArrowRight", 10, KEY_GAP_MS, 3000);
  load.push(loadavg()[0]!);
  const fleet = await measure("headroom:what-if-fleet");
  await page.context().close();
  return { node, fleet, nodeInp, fleetInp, fleetLoadTask, load };
}

const inpLine = (f: InteractionFigures) =>
  `worst ${f.worst.toFixed(0)} ms, median ${f.median.toFixed(0)} ms over ${f.interactions} key presses; longest task while moving ${f.longestTask.toFixed(0)} ms (${f.longTasks} over 50 ms), after it rests ${f.longestSettleTask.toFixed(0)} ms`;

const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : NaN);

/** Starts Headroom with `env`, waits for its first full sync, runs `fn`, and stops it. */
async function withServer<T>(env: Record<string, string>, fn: (readyMs: number) => Promise<T>): Promise<T> {
  const server = startServer(env);
  try {
    return await fn(await waitReady(600_000));
  } finally {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
    await new Promise((r) => setTimeout(r, 2000));
  }
}

async function main() {
  const browser = await launchChromium();
  const kubeconfig = join(mkdtempSync(join(tmpdir(), "headroom-bench-ui-")), "kubeconfig");
  const sim = await startSimProcess(NODES, kubeconfig);
  try {
    console.log(`ui bench: large scenario, ${NODES} nodes`);
    await withServer({ KUBECONFIG: kubeconfig }, async (readyMs) => {
      const scripts = new Set<string>();
      const runs = [await overviewInteractive(browser, scripts)];
      while (runs.length < LOADS) runs.push(await overviewInteractive(browser));
      const firstLoadJs = totalKiB(await gzippedSizes(scripts));
      const whatIf = await whatIfRuns(browser);
      console.log(`  cluster in its own process (npm run sim), Headroom through a kubeconfig:`);
      console.log(`  server ready (build + first sync): ${(readyMs / 1000).toFixed(1)} s`);
      console.log(
        `  overview interactive:              ${median(runs).toFixed(0)} ms median of ${runs.length} (${Math.min(...runs).toFixed(0)}–${Math.max(...runs).toFixed(0)})  (navigation → rows → search answered) ${againstTarget("overviewInteractive", median(runs))}`,
      );
      console.log(
        `  what-if, one node:                 ${median(whatIf.node).toFixed(2)} ms median of ${whatIf.node.length}  ${againstTarget("whatIfOneNode", median(whatIf.node))}`,
      );
      console.log(
        `  what-if, every node:               ${median(whatIf.fleet).toFixed(0)} ms median of ${whatIf.fleet.length} complete runs (Web Worker; a newer what-if abandons the run in flight)`,
      );
      // Long tasks are wall-clock: on a shared machine other processes stretch them, so say how busy it was.
      console.log(
        `  machine load while measuring:      ${whatIf.load.map((l) => l.toFixed(1)).join(", ")} (1-min load average before, between, after; ${cpus().length} cores)`,
      );
      console.log(
        `  INP, what-if on one node:          ${inpLine(whatIf.nodeInp)}  ${againstTarget("inpOneNode", whatIf.nodeInp.worst)}`,
      );
      console.log(
        `  INP, what-if on every node:        ${inpLine(whatIf.fleetInp)}  ${againstTarget("inpEveryNode", whatIf.fleetInp.worst)}, longest task ${againstTarget("longestTaskEveryNode", whatIf.fleetInp.longestTask)}`,
      );
      console.log(
        `  fleet document load for the what-if: longest task ${whatIf.fleetLoadTask.toFixed(0)} ms (once, when the scope is chosen)`,
      );
      console.log(
        `  first-load JS (gzip):              ${firstLoadJs.toFixed(0)} KiB in ${scripts.size} scripts ${againstTarget("firstLoadJs", firstLoadJs)}`,
      );
    });
  } finally {
    sim.kill("SIGTERM");
  }
  const demo = {
    HEADROOM_SIM_SCENARIO: "large",
    HEADROOM_SIM_PARAMS: largeParams(NODES)
      .filter((a) => a !== "--param")
      .join(","),
    HEADROOM_SIM_SPEED: "0",
  };
  await withServer(demo, async () => {
    const runs: number[] = [];
    while (runs.length < LOADS) runs.push(await overviewInteractive(browser));
    console.log(`  demo mode (npm start, the sim inside Headroom's process), for information:`);
    console.log(
      `  overview interactive:              ${median(runs).toFixed(0)} ms median of ${runs.length} (${Math.min(...runs).toFixed(0)}–${Math.max(...runs).toFixed(0)})`,
    );
  });
  await browser.close();
  recordBench("Dashboard (scripts/bench-ui.ts)", printedLines());
}

main().catch((e) => {
  console.error(`ui bench failed: ${(e as Error).message}`);
  process.exit(1);
});
