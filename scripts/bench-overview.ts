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
// BENCH_REPLICAS_APART=1 (with BENCH_REPLICAS): the single process alone, then the replicas alone,
// each timed once steady, and each replica's page over the single process's against the same bound.
// Prints, per server, the medians of: the page's HTML (first and last byte), /api/cluster's first
// and last byte, the first row on screen, the search answered, and the bench's own figure.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { type Browser } from "@playwright/test";

import { makeRunTmpdir } from "../tests/run-tmpdir.mjs";
import { launchChromium } from "./bench/chromium";
import { loadOverview, type Phases } from "./bench/overview-load";
import { printedLines, recordBench } from "./bench/report";
import { startSimProcess } from "./bench/sim-process";
import { clusterHead, headText, waitSteady } from "./bench/steady-cluster";
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
// of the single process alone (the "three replicas against one" on separate machines)
const REPLICAS_ONLY = process.env.BENCH_REPLICAS_ONLY === "1";
if (REPLICAS_ONLY && !REPLICAS) throw new Error("BENCH_REPLICAS_ONLY=1 needs BENCH_REPLICAS");
// BENCH_REPLICAS_APART=1: the single process alone, then the replicas alone, against one simulated
// cluster, each timed only once its collection is steady (below): issue 26's "three replicas against
// one" as two deployments, neither starved by the other nor timed during its first pass.
const APART = process.env.BENCH_REPLICAS_APART === "1";
if (APART && (!REPLICAS || REPLICAS_ONLY))
  throw new Error("BENCH_REPLICAS_APART=1 needs BENCH_REPLICAS and not BENCH_REPLICAS_ONLY");
// How long every server of a phase must report every node collected (and, sharded, every member
// answering) before its loads: the last member's arrival reshards, and each replica then lists the
// pods again (~25 s for 150 000 here), so ready is not yet steady.
const STEADY_MS = Number(process.env.BENCH_STEADY_S ?? 60) * 1000;
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

interface Server {
  root: string;
  base: string;
  proc: ChildProcess;
}

/**
 * The single process at 3211 (when `single`) and `replicas` replicas at 3212…, one build, the
 * peers' secret in `dir`. The first server started is waited for before the others start, so
 * only it builds when the build is out of date.
 */
async function withReplicas(
  root: string,
  dir: string,
  kubeconfig: string,
  single: boolean,
  replicas = REPLICAS,
): Promise<Server[]> {
  const tokenFile = join(dir, "peer-token");
  writeFileSync(tokenFile, randomBytes(32).toString("hex"), { mode: 0o600 });
  const started: Server[] = [];
  const start = async (name: string, port: number, env: Record<string, string>) => {
    started.push({ root: name, base: `http://127.0.0.1:${port}`, proc: startServer(root, port, kubeconfig, env) });
    if (started.length === 1) await waitReady(started[0]!.base);
  };
  if (single) await start("single process", 3211, {});
  for (let i = 0; i < replicas; i++)
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

// The phases printed beside each server's total, medians in ms after navigation.
const PHASES_SHOWN = ["htmlFirstByte", "apiRequestSent", "apiFirstByte", "apiLastByte", "firstRow", "found"];

/**
 * LOADS rounds over `servers` (one load each, the order alternating), after one load each that is
 * not counted (the advisor's first pass, cold caches); each server's loads and the 1-min loads.
 * `profiles`: each server's page profile, added up over its loads.
 */
async function timedLoads(
  browser: Browser,
  servers: Server[],
  profiles?: Map<string, number>[],
): Promise<{ runs: Phases[][]; load: string }> {
  const runs = servers.map(() => [] as Phases[]);
  const loads = [loadavg()[0]!];
  for (const s of servers) await loadOverview(browser, s.base, NODES);
  for (let round = 0; round < LOADS; round++) {
    const order = round % 2 ? [...servers.keys()].reverse() : [...servers.keys()];
    for (const i of order) {
      runs[i]!.push(await loadOverview(browser, servers[i]!.base, NODES, profiles?.[i]));
      console.error(`${servers[i]!.root}: ${runs[i]!.at(-1)!.total!.toFixed(0)} ms`);
    }
    loads.push(loadavg()[0]!);
  }
  return { runs, load: loads.map((l) => l.toFixed(1)).join(" ") };
}

const stopServers = async (servers: Server[]): Promise<void> => {
  await Promise.all(
    servers.map(
      (s) =>
        new Promise<void>((r) => {
          if (s.proc.exitCode !== null || !s.proc.pid) return r();
          s.proc.once("exit", () => r());
          process.kill(-s.proc.pid, "SIGTERM");
        }),
    ),
  );
};

/** BENCH_REPLICAS_APART: the single process alone, then the replicas alone, each steady first. */
async function apart(browser: Browser, dir: string, kubeconfig: string): Promise<void> {
  const phases: { name: string; servers: Server[]; sharded: boolean }[] = [
    { name: "single process", servers: [], sharded: false },
    { name: `${REPLICAS} replicas`, servers: [], sharded: true },
  ];
  const medians: number[][] = [];
  for (const phase of phases) {
    phase.servers = await withReplicas(roots[0]!, dir, kubeconfig, !phase.sharded, phase.sharded ? REPLICAS : 0);
    try {
      for (const s of phase.servers) await waitReady(s.base);
      const waited = await waitSteady(
        phase.servers.map((s) => s.base),
        { nodes: NODES, replicas: phase.sharded ? REPLICAS : 0 },
        STEADY_MS,
      );
      const { runs, load } = await timedLoads(browser, phase.servers);
      const totals = runs.map((rs) => rs.map((r) => r.total!));
      medians.push(totals.map(median));
      console.log(
        `${phase.name}: steady after ${(waited / 1000).toFixed(0)} s (every node collected for ${STEADY_MS / 1000} s), ` +
          `${LOADS} loads each, 1-min load ${load}`,
      );
      phase.servers.forEach((s, i) =>
        console.log(
          `  ${s.root}: median ${median(totals[i]!).toFixed(0)} ms, loads ${totals[i]!.map((t) => t.toFixed(0)).join(" ")}; ` +
            PHASES_SHOWN.map((k) => `${k} ${median(runs[i]!.map((r) => r[k]!)).toFixed(0)}`).join(", "),
        ),
      );
      for (const s of phase.servers) {
        const c = await clusterHead(s.base);
        console.log(`  ${s.root} after its loads: ${headText(c)}`);
      }
    } finally {
      await stopServers(phase.servers);
    }
  }
  const single = medians[0]![0]!;
  phases[1]!.servers.forEach((s, i) => {
    const ratio = medians[1]![i]! / single;
    console.log(
      `${s.root}: interactive ${ratio.toFixed(2)} × the single process's, apart ${againstTarget("mergedOverviewOverSingle", ratio)}`,
    );
  });
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "headroom-overview-ab-"));
  const kubeconfig = join(dir, "kubeconfig");
  const sim = await startSimProcess(NODES, kubeconfig);
  if (APART) {
    const browser = await launchChromium();
    try {
      await apart(browser, dir, kubeconfig);
      recordBench("Replicas' fleet page (scripts/bench-overview.ts, apart)", printedLines());
    } finally {
      await browser.close();
      sim.kill("SIGTERM");
    }
    return;
  }
  const servers: Server[] = REPLICAS
    ? await withReplicas(roots[0]!, dir, kubeconfig, !REPLICAS_ONLY)
    : roots.map((root, i) => ({ root, base: `http://127.0.0.1:${3211 + i}`, proc: startServer(root, 3211 + i, kubeconfig) }));
  const browser = await launchChromium();
  try {
    for (const s of servers) await waitReady(s.base);
    const profiles = PROFILE ? servers.map(() => new Map<string, number>()) : undefined;
    const { runs: results, load } = await timedLoads(browser, servers, profiles);
    console.log(`overview A/B, ${NODES} nodes, ${LOADS} loads each, 1-min load ${load}`);
    servers.forEach((s, i) => {
      const rs = results[i]!;
      const keys = Object.keys(rs[0]!);
      console.log(`${s.root}:`);
      console.log("  " + keys.map((k) => `${k} ${median(rs.map((r) => r[k]!)).toFixed(0)}`).join(", "));
      console.log(`  total: ${rs.map((r) => r.total!.toFixed(0)).join(" ")}`);
      if (profiles) {
        const top = [...profiles[i]!].sort((a, b) => b[1] - a[1]).slice(0, 30);
        for (const [k, ms] of top) console.log(`    ${(ms / LOADS).toFixed(1).padStart(7)} ms/load  ${k}`);
      }
    });
    if (REPLICAS) {
      // what each page merged: a replica whose peers did not answer shows their nodes as placeholders
      for (const sv of servers) {
        console.log(`${sv.root}: ${headText(await clusterHead(sv.base))}`);
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
    await stopServers(servers);
    sim.kill("SIGTERM");
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
