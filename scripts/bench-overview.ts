// The overview's cold load, phase by phase, for one or two builds against one simulated cluster:
// `tsx scripts/bench-overview.ts [rootA] [rootB]` (each root a checkout with a `next build`;
// default this one). Both servers read the same sim process and run at once, and the loads
// alternate A, B, B, A, … so that both see the same machine load (single timings on a shared
// 2-core machine are noise: docs/benchmarks.md). BENCH_NODES (5000), BENCH_LOADS (rounds, 7),
// BENCH_PROFILE=1 adds a CPU profile of the page's main thread (top functions by self time).
// BENCH_REPLICAS=3: one build's single process beside that many replicas sharing the collection
// through Leases (HEADROOM_SHARDING=lease, docs/replicas.md), every process at once, so each
// replica's page (merged from the three) is timed under the same load as the single process's, and
// each one's figure is printed over the single process's against issue 26's ≤ 1.2 ×.
// Prints, per server, the medians of: the page's HTML (first and last byte), /api/cluster's first
// and last byte, the first row on screen, the search answered, and the bench's own figure.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { type Browser, type Page } from "@playwright/test";

import { makeRunTmpdir } from "../tests/run-tmpdir.mjs";
import { launchChromium } from "./bench/chromium";
import { startSimProcess } from "./bench/sim-process";
import { againstTarget } from "./bench/targets";

// this bench's temp files (kubeconfigs, bundles, its children's) go with it when it exits
makeRunTmpdir("bench");

const NODES = Number(process.env.BENCH_NODES ?? 5000);
const LOADS = Number(process.env.BENCH_LOADS ?? 7);
const PROFILE = process.env.BENCH_PROFILE === "1";
const REPLICAS = Number(process.env.BENCH_REPLICAS ?? 0);
if (!Number.isInteger(REPLICAS) || REPLICAS === 1 || REPLICAS < 0 || REPLICAS > 5)
  throw new Error(`BENCH_REPLICAS must be 0 (off) or 2–5 replicas, got ${process.env.BENCH_REPLICAS}`);
// BENCH_REPLICAS_ONLY=1: the replicas without the single process beside them, to set against a run
// of the single process alone (the issue's "three replicas against one" on separate machines)
const REPLICAS_ONLY = process.env.BENCH_REPLICAS_ONLY === "1";
if (REPLICAS_ONLY && !REPLICAS) throw new Error("BENCH_REPLICAS_ONLY=1 needs BENCH_REPLICAS");
const roots = (process.argv.length > 2 ? process.argv.slice(2) : ["."]).map((r) => resolve(r));
if (REPLICAS && roots.length > 1) throw new Error("BENCH_REPLICAS compares one build with itself: give one root at most");

function startServer(root: string, port: number, kubeconfig: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, [join(root, "scripts/start.mjs")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOSTNAME: "127.0.0.1", KUBECONFIG: kubeconfig, ...env },
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
interface Server {
  root: string;
  base: string;
  proc: ChildProcess;
}

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

/**
 * Records, from before the navigation, what a load gets: each /api/cluster answer and whether its
 * body completed, failed requests, console and page errors, and the requests still open. Returns
 * a function that says it in one line (for a page whose rows never came).
 */
function watchLoad(page: Page): () => string {
  const seen: string[] = [];
  const open = new Set<string>();
  page.on("request", (r) => open.add(r.url()));
  page.on("requestfinished", (r) => open.delete(r.url()));
  page.on("requestfailed", (r) => {
    open.delete(r.url());
    seen.push(`failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on("response", (r) => {
    // a poll still answering when the bench closes the page rejects: said, not thrown (it ended the process)
    if (r.url().includes("/api/cluster"))
      r.finished().then(
        (failure) => seen.push(`${r.status()} ${r.url()} body ${failure ? `failed: ${failure}` : "complete"}`),
        () => seen.push(`${r.status()} ${r.url()} body cut off: page closed`),
      );
  });
  page.on("console", (m) => m.type() === "error" && seen.push(`console error: ${m.text().slice(0, 200)}`));
  page.on("pageerror", (e) => seen.push(`page error: ${e.message.slice(0, 200)}`));
  return () => `got: ${seen.join("; ") || "no /api/cluster answer"}; still open: ${[...open].join(", ") || "none"}`;
}

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
  const watched = watchLoad(page);
  const t0 = performance.now();
  await page.goto(base, { timeout: 120_000 });
  try {
    await page.getByTestId("node-row").first().waitFor({ timeout: 120_000 });
  } catch (e) {
    // what a person would have seen instead of the rows, and what the page got and was still waiting on
    const text = await page
      .locator("main")
      .innerText({ timeout: 5000 })
      .catch(() => "(unreadable)");
    throw new Error(`${base}: no rows after 120 s; the page says: ${text.slice(0, 400)}; ${watched()}`, { cause: e });
  }
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

/**
 * The single process at 3211 (not with BENCH_REPLICAS_ONLY) and the replicas at 3212…, one build,
 * the peers' secret in `dir`. The first server started is waited for before the others start, so
 * only it builds when the build is out of date.
 */
async function withReplicas(root: string, dir: string, kubeconfig: string): Promise<Server[]> {
  const tokenFile = join(dir, "peer-token");
  writeFileSync(tokenFile, randomBytes(32).toString("hex"), { mode: 0o600 });
  const started: Server[] = [];
  const start = async (name: string, port: number, env: Record<string, string>) => {
    started.push({ root: name, base: `http://127.0.0.1:${port}`, proc: startServer(root, port, kubeconfig, env) });
    if (started.length === 1) await waitReady(started[0]!.base);
  };
  if (!REPLICAS_ONLY) await start("single process", 3211, {});
  for (let i = 0; i < REPLICAS; i++)
    await start(`replica-${i + 1}`, 3212 + i, {
      HEADROOM_SHARDING: "lease",
      HEADROOM_REPLICA_NAME: `replica-${i + 1}`,
      HEADROOM_PEER_URL: `http://127.0.0.1:${3212 + i}`,
      HEADROOM_PEER_TOKEN_FILE: tokenFile,
      HEADROOM_LEASE_NAMESPACE: "default",
    });
  return started;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "headroom-overview-ab-"));
  const kubeconfig = join(dir, "kubeconfig");
  const sim = await startSimProcess(NODES, kubeconfig);
  const servers: Server[] = REPLICAS
    ? await withReplicas(roots[0]!, dir, kubeconfig)
    : roots.map((root, i) => ({ root, base: `http://127.0.0.1:${3211 + i}`, proc: startServer(root, 3211 + i, kubeconfig) }));
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
    if (REPLICAS) {
      // what each page merged: a replica whose peers did not answer shows their nodes as placeholders
      for (const sv of servers) {
        const { cluster } = (await (await fetch(`${sv.base}/api/cluster?nodes=none`)).json()) as {
          cluster: {
            ready: boolean;
            nodesTotal: number;
            nodesCollected: number;
            replicas?: { members: string[]; unreachable: string[] };
          };
        };
        const members = cluster.replicas
          ? `, members ${cluster.replicas.members.join(" ")}, not answering: ${cluster.replicas.unreachable.join(" ") || "none"}`
          : "";
        console.log(
          `${sv.root}: ${cluster.nodesCollected} of ${cluster.nodesTotal} nodes collected, ready ${cluster.ready}${members}`,
        );
      }
      const single = median(results[0]!.map((r) => r.total!));
      for (let i = 1; i < servers.length && !REPLICAS_ONLY; i++) {
        const ratio = median(results[i]!.map((r) => r.total!)) / single;
        console.log(
          `${servers[i]!.root}: interactive ${ratio.toFixed(2)} × the single process's ${againstTarget("mergedOverviewOverSingle", ratio)}`,
        );
      }
    }
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
