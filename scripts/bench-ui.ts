// `npm run bench` (UI part): the dashboard in headless Chromium against the `large` simulated
// cluster (5 000 nodes, 150 000 pods). Prints: time until the fleet overview is interactive, the
// what-if recompute time for one node and across every node, and the first-load JS size (gzipped).
import { type ChildProcess, spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

const PORT = Number(process.env.BENCH_UI_PORT ?? 3199);
const BASE = `http://127.0.0.1:${PORT}`;
const NODES = Number(process.env.BENCH_NODES ?? 5000);
const PARAMS = `nodes=${NODES},deployments=${NODES},replicas=${Math.round(150_000 / 5000) - 1}`;

function startServer(): ChildProcess {
  return spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...process.env, PORT: String(PORT), HOSTNAME: "127.0.0.1", HEADROOM_SIM_SCENARIO: "large", HEADROOM_SIM_PARAMS: PARAMS, HEADROOM_SIM_SPEED: "0" },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
}

async function waitReady(timeoutMs: number): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < timeoutMs) {
    const ok = await fetch(`${BASE}/api/readyz`).then((r) => r.ok, () => false);
    if (ok) return performance.now() - t0;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server not ready within ${timeoutMs / 1000}s`);
}

async function main() {
  const server = startServer();
  try {
    const readyMs = await waitReady(600_000);
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"] });
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on("request", (req) => {
      if (req.resourceType() === "script") scripts.add(req.url());
    });
    const t0 = performance.now();
    await page.goto(BASE);
    await page.getByTestId("node-row").first().waitFor({ timeout: 60_000 });
    await page.getByRole("searchbox").fill(`fleet-${NODES - 1}`);
    await page.getByTestId("node-row").filter({ hasText: `fleet-${NODES - 1}` }).first().waitFor({ timeout: 30_000 });
    const interactiveMs = performance.now() - t0;
    let firstLoadJs = 0;
    for (const url of scripts) firstLoadJs += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length;

    await page.goto(`${BASE}/nodes/fleet-0`);
    await page.getByTestId("ranking-table").waitFor({ timeout: 60_000 });
    const measure = (name: string) => page.evaluate((n) => performance.getEntriesByName(n).map((e) => e.duration), name);
    for (const v of ["600Mi", "700Mi", "800Mi", "900Mi", "1Gi"]) {
      await page.getByLabel("hard memory.available", { exact: true }).fill(v);
      await page.getByTestId("what-if-diff").waitFor();
    }
    const nodeRuns = await measure("headroom:what-if-node");
    await page.getByLabel("applies to").selectOption("all");
    await page.getByTestId("fleet-impact").waitFor({ timeout: 60_000 });
    await page.getByLabel("hard memory.available", { exact: true }).fill("2Gi");
    await page.waitForTimeout(500);
    const fleetRuns = await measure("headroom:what-if-fleet");
    await browser.close();

    const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : NaN);
    console.log(`ui bench: large scenario, ${NODES} nodes`);
    console.log(`  server ready (build + first sync): ${(readyMs / 1000).toFixed(1)} s`);
    console.log(`  overview interactive:              ${interactiveMs.toFixed(0)} ms  (navigation → rows → search answered; target < 1500)`);
    console.log(`  what-if, one node:                 ${median(nodeRuns).toFixed(2)} ms median of ${nodeRuns.length}  (target < 2)`);
    console.log(`  what-if, every node:               ${median(fleetRuns).toFixed(1)} ms median of ${fleetRuns.length}  (target < 50)`);
    console.log(`  first-load JS (gzip):              ${(firstLoadJs / 1024).toFixed(0)} KiB in ${scripts.size} scripts  (target < 300 KB)`);
  } finally {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  }
}

main().catch((e) => {
  console.error(`ui bench failed: ${(e as Error).message}`);
  process.exit(1);
});
