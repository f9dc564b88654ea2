// `npm run bench:replicas` (also the last step of `npm run bench`): three replicas sharing the
// collection through Leases against one replica collecting everything, on the large sim (5 000
// nodes / 150 000 pods) in a child process. Each replica is a process of its own
// (scripts/bench/replica-process.ts) so its CPU and RSS are its own. Figures: each replica's
// steady-state CPU and RSS as a share of the single replica's (target ≤ 40 %), and the fleet
// overview's answer time over HTTP from each replica (merged from the three) against the single
// replica's (target ≤ 1.2 ×), with its first byte's. Also what a peer document weighs, for
// docs/replicas.md's projection. Then each replica's CPU once more with the two others stopped
// (scripts/bench/replicas-apart.ts), against a second window of the single process's: the
// deployment the issue means has a machine per replica. BENCH_TRACE=1: each process prints every answer's first byte and
// end as it served them (scripts/bench/replica-process.ts).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";

import { makeRunTmpdir } from "../tests/run-tmpdir.mjs";
import { historyDepthText } from "./bench/history-depth";
import { apartWindows, windowBesideSim, type ApartWindow, type Windowed } from "./bench/replicas-apart";
import { printedLines, recordBench } from "./bench/report";
import { startSimProcess } from "./bench/sim-process";
import { againstTarget } from "./bench/targets";
import { MEMORY_ENV } from "./built-server.mjs";

// this bench's temp files (kubeconfigs, bundles, its children's) go with it when it exits
makeRunTmpdir("bench");

const { FETCH_WORKER_FILE, bundleFetchWorker, bundleServerParts } = await import("./bundle-fetch-worker.mjs");

// BENCH_NO_GATE=1: the replicas without the request gate (lib/http/request-activity.ts), for an A/B.
// BENCH_NODES: a smaller fleet to try the bench on a busy machine (the figures are for 5 000).
const NODES = Number(process.env.BENCH_NODES ?? 5000);
if (!Number.isInteger(NODES) || NODES < 30)
  throw new Error(`BENCH_NODES must be a whole number of nodes ≥ 30, got ${process.env.BENCH_NODES}`);
const STEADY_MS = 25_000;
// A replica whose first pass has not ended by then says so and is measured anyway, marked, rather
// than the bench waiting forever (BENCH_READY_TIMEOUT_S).
const READY_TIMEOUT_MS = Number(process.env.BENCH_READY_TIMEOUT_S ?? 900) * 1000;
const dir = mkdtempSync(join(tmpdir(), "headroom-bench-replicas-"));
const kubeconfig = join(dir, "kubeconfig");
const workerFile = join(dir, FETCH_WORKER_FILE);
// With BENCH_CPU_PROF, a collection thread that can profile itself (scripts/bench/profiled-fetch-worker.ts).
bundleFetchWorker(workerFile, process.env.BENCH_CPU_PROF ? ["scripts", "bench", "profiled-fetch-worker.ts"] : undefined);
// Every replica process runs the server's code from one bundle, as it ships (bundleServerParts).
const serverParts = bundleServerParts("bench-replicas.mjs");
const root = join(import.meta.dirname, "..");
const secret = "bench-replicas-peer-secret-0123456789";

interface Ready {
  url: string;
  ms: number;
  owned: number;
  collected: number;
  /** The longest the process's event loop ran late until ready. */
  loopDelayMaxMs: number;
  /** The first pass had not ended within READY_TIMEOUT_MS. */
  timedOut?: boolean;
}
interface Steady {
  cpuSeconds: number;
  rssMiB: number;
  rss0MiB: number;
  heapUsedMiB: number;
  heapTotalMiB: number;
  externalMiB: number;
  summaries: number;
  due: number;
  owned: number;
  pods: number;
  podRelists: number;
  historySamples: number;
  summariesFailed: number;
}
interface Replica extends Windowed<Steady> {
  child: ChildProcess;
  ready: Promise<Ready>;
  steady: Promise<Steady>;
}
// How long each replica's Lease says it lives: the apart windows stop two replicas for ~30 s
// (replicas-apart.ts), which a 15 s Lease would not outlive. It changes no renewal.
const LEASE_DURATION_S = 120;

function startReplica(name: string | undefined, members: number): Replica {
  const child = spawn(
    join(root, "node_modules/.bin/tsx"),
    [
      "--max-semi-space-size=8",
      // BENCH_CPU_PROF=<dir> and BENCH_CPU_PROF_OF=<replica names, or "one", comma-separated>:
      // each profiles its main and collection threads over its steady window (replica-process.ts).
      join(root, "scripts/bench/replica-process.ts"),
    ],
    {
      cwd: root,
      // stdin: one line "window" asks for one more steady window (replica-process.ts)
      stdio: ["pipe", "pipe", "inherit"],
      env: {
        ...process.env,
        ...MEMORY_ENV,
        BENCH_KUBECONFIG: kubeconfig,
        BENCH_FETCH_WORKER: workerFile,
        BENCH_SERVER_PARTS: serverParts,
        BENCH_PEER_SECRET: secret,
        BENCH_STEADY_MS: String(STEADY_MS),
        BENCH_MEMBERS: String(members),
        BENCH_LEASE_DURATION_S: String(LEASE_DURATION_S),
        BENCH_READY_TIMEOUT_MS: String(READY_TIMEOUT_MS),
        ...(name ? { REPLICA_NAME: name } : {}),
      },
    },
  );
  children.push(child);
  const lines = createInterface({ input: child.stdout! });
  const wait = <T>(key: string) =>
    new Promise<T>((resolve, reject) => {
      const onLine = (l: string) => {
        if (!l.startsWith(`{"${key}"`)) return;
        lines.off("line", onLine);
        resolve((JSON.parse(l) as Record<string, T>)[key]!);
      };
      lines.on("line", onLine);
      child.on("exit", (code) => reject(new Error(`replica ${name ?? "single"} exited (${code}) before "${key}"`)));
    });
  const window = () => {
    const w = wait<Steady>("window");
    child.stdin!.write("window\n");
    return w;
  };
  return { child, pid: child.pid!, window, ready: wait<Ready>("ready"), steady: wait<Steady>("steady") };
}

/** The fleet document from `url`, `n` times one after another: median and max ms, and its size. */
async function timeOverview(
  url: string,
  n = 7,
): Promise<{ median: number; max: number; firstByte: number; bytes: number; nodes: number; names: string[] }> {
  const times: number[] = [];
  const firstBytes: number[] = [];
  let bytes = 0;
  let nodes = 0;
  let names: string[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await fetch(`${url}/api/cluster`);
    const reader = res.body!.getReader();
    const chunks: Uint8Array[] = [];
    for (let c = await reader.read(); !c.done; c = await reader.read()) {
      if (chunks.length === 0) firstBytes.push(performance.now() - t);
      chunks.push(c.value);
    }
    const text = Buffer.concat(chunks).toString();
    times.push(performance.now() - t);
    bytes = text.length;
    names = (JSON.parse(text) as { nodes: { name: string }[] }).nodes.map((r) => r.name);
    nodes = names.length;
  }
  times.sort((a, b) => a - b);
  firstBytes.sort((a, b) => a - b);
  return { median: times[n >> 1]!, max: times[n - 1]!, firstByte: firstBytes[n >> 1]!, bytes, nodes, names };
}

/**
 * The documents of 12 nodes spread over the fleet (the what-if's pod detail: GET /api/nodes?names=…),
 * `n` times: median ms, size, and how many came back.
 */
async function timeDocuments(url: string, fleet: string[], n = 7): Promise<{ median: number; bytes: number; got: number }> {
  const names = Array.from({ length: 12 }, (_, i) => fleet[Math.floor((i * fleet.length) / 12)]!);
  const times: number[] = [];
  let bytes = 0;
  let got = 0;
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const text = await (await fetch(`${url}/api/nodes?names=${names.join(",")}`)).text();
    times.push(performance.now() - t);
    bytes = text.length;
    got = (JSON.parse(text) as { documents?: unknown[] }).documents?.length ?? 0;
  }
  return { median: times.sort((a, b) => a - b)[n >> 1]!, bytes, got };
}

const mib = (b: number) => `${(b / 2 ** 20).toFixed(1)} MiB`;
const children: ChildProcess[] = [];
const sim = await startSimProcess(NODES, kubeconfig);
children.push(sim);
// Stopped by hand: take the sim and the replicas down too.
for (const sig of ["SIGINT", "SIGTERM"] as const)
  process.on(sig, () => {
    for (const c of children) c.kill("SIGTERM");
    process.exit(1);
  });
try {
  console.log(`replicas bench: ${NODES} nodes, ${NODES * 30} pods (large scenario), 10 s Summary interval, proxy mode`);
  const one = startReplica(undefined, 1);
  const oneReady = await one.ready;
  const oneSteady = await one.steady;
  const oneDoc = await timeOverview(oneReady.url);
  const oneDocs = await timeDocuments(oneReady.url, oneDoc.names);
  // The single process once more, read as each replica is read apart below: a window asked for,
  // with the simulator's CPU over it.
  const load1 = () => loadavg()[0]!;
  const oneAgain = await windowBesideSim(one, sim.pid!, load1);
  one.child.kill("SIGTERM");
  // CPU over the window is a share of the work only when the collection did all of it: a replica
  // (or the single one) that fell behind spent less than its share, so its ratio is "not measured".
  const keptUp = (s: Steady) => s.summaries >= 0.9 * s.due;
  const lag = (s: Steady) =>
    keptUp(s) ? "" : ` (collection did not keep up: ${s.summaries} of ${s.due.toFixed(0)} Summaries due)`;
  // CPU per Summary asked: comparable between a replica and the single one even when neither kept
  // up (it then also carries the fixed work: Leases, watches, pod relists, failed requests).
  const perSummary = (s: Steady) =>
    `${((s.cpuSeconds * 1000) / Math.max(1, s.summaries)).toFixed(2)} ms per Summary asked (${s.summariesFailed} of ${s.summaries} failed), ${s.podRelists} pod lists completed, ${historyDepthText(s.historySamples)}`;
  const heap = (s: Steady) =>
    `heap ${s.heapUsedMiB.toFixed(0)} MiB used of ${s.heapTotalMiB.toFixed(0)}, external ${s.externalMiB.toFixed(0)} MiB`;
  const late = (r: Ready) => (r.timedOut ? ` (first pass not over after ${READY_TIMEOUT_MS / 1000} s)` : "");
  console.log(
    `  one replica: every node asked once in ${(oneReady.ms / 1000).toFixed(0)} s (${oneReady.collected} collected, event loop late by up to ${oneReady.loopDelayMaxMs.toFixed(0)} ms); steady ${STEADY_MS / 1000} s: CPU ${oneSteady.cpuSeconds.toFixed(2)} s (${perSummary(oneSteady)}), RSS ${oneSteady.rssMiB.toFixed(0)} MiB (${oneSteady.rss0MiB.toFixed(0)} MiB before the cache started; ${heap(oneSteady)}), ${oneSteady.pods} pods held${lag(oneSteady)}${late(oneReady)}; /api/cluster median ${oneDoc.median.toFixed(0)} ms (max ${oneDoc.max.toFixed(0)}; first byte ${oneDoc.firstByte.toFixed(0)} ms), ${mib(oneDoc.bytes)}; 12 node documents (what-if pod detail) median ${oneDocs.median.toFixed(0)} ms, ${mib(oneDocs.bytes)} (${oneDocs.got} of 12)`,
  );

  const names = ["bench-r1", "bench-r2", "bench-r3"];
  const three = names.map((n) => startReplica(n, names.length));
  const readies = await Promise.all(three.map((r) => r.ready));
  const steadies = await Promise.all(three.map((r) => r.steady));
  for (const [i, s] of steadies.entries()) {
    const cpuShare = keptUp(s) && keptUp(oneSteady) ? s.cpuSeconds / oneSteady.cpuSeconds : NaN;
    const rssShare = s.rssMiB / oneSteady.rssMiB;
    // Net of the runtime every process carries before it holds anything (tsx, Node, modules).
    const netShare = (s.rssMiB - s.rss0MiB) / (oneSteady.rssMiB - oneSteady.rss0MiB);
    const doc = await timeOverview(readies[i]!.url);
    const docs = await timeDocuments(readies[i]!.url, oneDoc.names);
    console.log(
      `  ${names[i]}: ${s.owned} nodes, ${s.pods} pods held; every owned node asked once in ${(readies[i]!.ms / 1000).toFixed(0)} s (${readies[i]!.collected} collected, event loop late by up to ${readies[i]!.loopDelayMaxMs.toFixed(0)} ms); CPU ${s.cpuSeconds.toFixed(2)} s = ${((s.cpuSeconds / oneSteady.cpuSeconds) * 100).toFixed(0)} % ${againstTarget("replicaCpuShare", cpuShare)} (${perSummary(s)}), RSS ${s.rssMiB.toFixed(0)} MiB = ${(rssShare * 100).toFixed(0)} % ${againstTarget("replicaRssShare", rssShare)} (${(netShare * 100).toFixed(0)} % net of the ${s.rss0MiB.toFixed(0)} MiB before the cache started; ${heap(s)})${lag(s)}${late(readies[i]!)}`,
    );
    console.log(
      `    merged /api/cluster (${doc.nodes} nodes): median ${doc.median.toFixed(0)} ms (max ${doc.max.toFixed(0)}; first byte ${doc.firstByte.toFixed(0)} ms) = ${(doc.median / oneDoc.median).toFixed(2)} × one replica's ${againstTarget("mergedOverviewOverSingle", doc.median / oneDoc.median)}; 12 node documents, one peer request per owner: median ${docs.median.toFixed(0)} ms = ${(docs.median / oneDocs.median).toFixed(2)} × one replica's (${docs.got} of 12)`,
    );
  }
  // Per node, for the projection in docs/replicas.md.
  const perNodeCpuMs = (oneSteady.cpuSeconds * 1000 * (10_000 / STEADY_MS)) / NODES;
  console.log(
    `  per node (one replica): ${perNodeCpuMs.toFixed(3)} ms CPU per 10 s cycle, ${((oneSteady.rssMiB * 1024) / NODES).toFixed(0)} KiB RSS, ${(oneDoc.bytes / NODES).toFixed(0)} B of fleet document (each peer sends its share per merge)`,
  );
  const apart = await apartWindows(three, sim.pid!, load1);
  console.log(
    `  apart: each replica's window with the two others stopped (SIGSTOP; their Leases, written for ${LEASE_DURATION_S} s, outlive it), so it shares the two cores with the simulator alone, as the single process does:`,
  );
  const sims = (a: ApartWindow<Steady>) => `simulator ${a.simCpuSeconds.toFixed(2)} s, 1-min load ${a.load1.toFixed(1)}`;
  const single = oneAgain.figures;
  console.log(
    `    one replica, a second window: CPU ${single.cpuSeconds.toFixed(2)} s (${perSummary(single)}), ${sims(oneAgain)}${lag(single)}`,
  );
  for (const [i, a] of apart.entries()) {
    const w = a.figures;
    const share = w.cpuSeconds / single.cpuSeconds;
    console.log(
      `    ${names[i]}: CPU ${w.cpuSeconds.toFixed(2)} s = ${(share * 100).toFixed(0)} % ${againstTarget("replicaCpuShare", keptUp(w) && keptUp(single) ? share : NaN)} (${perSummary(w)}), ${sims(a)}${lag(w)}`,
    );
  }
  for (const r of three) r.child.kill("SIGTERM");
} finally {
  // the sim and every replica still running, also when a replica failed before its figures
  for (const c of children) if (c.exitCode === null) c.kill("SIGTERM");
}
recordBench("Replicas (scripts/bench-replicas.ts)", printedLines());
process.exit(0);
