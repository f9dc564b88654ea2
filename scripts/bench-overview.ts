// The overview's cold load, phase by phase, for one or two builds against one simulated cluster:
// `tsx scripts/bench-overview.ts [rootA] [rootB]` (each root a checkout with a `next build`;
// default this one). Both servers read the same sim process and run at once, and the loads
// alternate A, B, B, A, … so that both see the same machine load (single timings on a shared
// 2-core machine are noise: docs/benchmarks.md). BENCH_NODES (5000), BENCH_LOADS (rounds, 7),
// BENCH_PROFILE=1 adds a CPU profile of the page's main thread (top functions by self time).
// Prints, per build, the medians of: the page's HTML (first and last byte), /api/cluster's first
// and last byte, the first row on screen, the search answered, and the bench's own figure.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { type Browser } from "@playwright/test";

import { makeRunTmpdir } from "../tests/run-tmpdir.mjs";
import { launchChromium } from "./bench/chromium";
import { startSimProcess } from "./bench/sim-process";

// this bench's temp files (kubeconfigs, bundles, its children's) go with it when it exits
makeRunTmpdir("bench");

const NODES = Number(process.env.BENCH_NODES ?? 5000);
const LOADS = Number(process.env.BENCH_LOADS ?? 7);
const PROFILE = process.env.BENCH_PROFILE === "1";
const roots = (process.argv.length > 2 ? process.argv.slice(2) : ["."]).map((r) => resolve(r));

function startServer(root: string, port: number, kubeconfig: string): ChildProcess {
  return spawn(process.execPath, [join(root, "scripts/start.mjs")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOSTNAME: "127.0.0.1", KUBECONFIG: kubeconfig },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
}

async function waitReady(base: string): Promise<void> {
  for (const t0 = performance.now(); performance.now() - t0 < 900_000; await new Promise((r) => setTimeout(r, 1000)))
    if (
      await fetch(`${base}/api/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
  throw new Error(`${base} not ready`);
}

type Phases = Record<string, number>;

// Stamps, in the page's clock, the first row on screen and the searched row on screen.
const OBSERVER = (last: string) => {
  const w = window as unknown as { __t: Record<string, number> };
  w.__t = {};
  new MutationObserver(() => {
    const rows = document.querySelectorAll("[data-testid=node-row]");
    if (rows.length && !w.__t.row) w.__t.row = performance.now();
    if (!w.__t.found) for (const r of rows) if (r.textContent?.includes(last)) w.__t.found = performance.now();
  }).observe(document, { subtree: true, childList: true, characterData: true });
};

async function load(browser: Browser, base: string, selfTimes?: Map<string, number>): Promise<Phases> {
  const page = await browser.newPage();
  const last = `fleet-${NODES - 1}`;
  await page.addInitScript(OBSERVER, last);
  const cdp = PROFILE ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
  }
  const t0 = performance.now();
  await page.goto(base, { timeout: 120_000 });
  await page.getByTestId("node-row").first().waitFor({ timeout: 120_000 });
  const tFill = await page.evaluate(() => performance.now());
  await page.getByRole("searchbox").fill(last);
  await page.getByTestId("node-row").filter({ hasText: last }).first().waitFor({ timeout: 60_000 });
  const total = performance.now() - t0;
  if (cdp) {
    const { profile } = await cdp.send("Profiler.stop");
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const dt = profile.timeDeltas ?? [];
    (profile.samples ?? []).forEach((id, i) => {
      const f = byId.get(id)!.callFrame;
      const key = `${f.functionName || "(anon)"} ${f.url.split("/").pop()}:${f.lineNumber}`;
      selfTimes!.set(key, (selfTimes!.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
    });
  }
  const t = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation" as never)[0] as unknown as PerformanceNavigationTiming;
    const apis = (performance.getEntriesByType("resource") as unknown as PerformanceResourceTiming[]).filter((e) =>
      e.name.includes("/api/cluster"),
    );
    const api = apis[0];
    const w = window as unknown as { __t: Record<string, number> };
    return {
      htmlFirstByte: nav.responseStart,
      htmlLastByte: nav.responseEnd,
      domInteractive: nav.domInteractive,
      domContentLoaded: nav.domContentLoadedEventEnd,
      apiStart: api?.startTime ?? NaN,
      apiRequestSent: api?.requestStart ?? NaN,
      apiFirstByte: api?.responseStart ?? NaN,
      apiLastByte: api?.responseEnd ?? NaN,
      firstRow: w.__t.row ?? NaN,
      found: w.__t.found ?? NaN,
      loadEvent: nav.loadEventEnd,
      apiRequests: apis.length,
    };
  });
  await page.close();
  return { ...t, fill: tFill, total };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const kubeconfig = join(mkdtempSync(join(tmpdir(), "headroom-overview-ab-")), "kubeconfig");
  const sim = await startSimProcess(NODES, kubeconfig);
  const servers = roots.map((root, i) => ({
    root,
    base: `http://127.0.0.1:${3211 + i}`,
    proc: startServer(root, 3211 + i, kubeconfig),
  }));
  const browser = await launchChromium();
  try {
    for (const s of servers) await waitReady(s.base);
    const results = servers.map(() => [] as Phases[]);
    const profiles = servers.map(() => new Map<string, number>());
    const loads: number[] = [];
    // one load each first, not counted: the advisor's first pass, cold caches
    for (const s of servers) await load(browser, s.base, new Map());
    for (let round = 0; round < LOADS; round++) {
      loads.push(loadavg()[0]!);
      const order = round % 2 ? [...servers.keys()].reverse() : [...servers.keys()];
      for (const i of order) {
        results[i]!.push(await load(browser, servers[i]!.base, profiles[i]));
        console.error(`${servers[i]!.root}: ${results[i]!.at(-1)!.total!.toFixed(0)} ms`);
      }
    }
    loads.push(loadavg()[0]!);
    console.log(`overview A/B, ${NODES} nodes, ${LOADS} loads each, 1-min load ${loads.map((l) => l.toFixed(1)).join(" ")}`);
    servers.forEach((s, i) => {
      const rs = results[i]!;
      const keys = Object.keys(rs[0]!);
      console.log(`${s.root}:`);
      console.log("  " + keys.map((k) => `${k} ${median(rs.map((r) => r[k]!)).toFixed(0)}`).join(", "));
      console.log(`  total: ${rs.map((r) => r.total!.toFixed(0)).join(" ")}`);
      if (PROFILE) {
        const top = [...profiles[i]!].sort((a, b) => b[1] - a[1]).slice(0, 30);
        for (const [k, ms] of top) console.log(`    ${(ms / LOADS).toFixed(1).padStart(7)} ms/load  ${k}`);
      }
    });
  } finally {
    await browser.close();
    for (const s of servers) if (s.proc.pid) process.kill(-s.proc.pid, "SIGTERM");
    sim.kill("SIGTERM");
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
