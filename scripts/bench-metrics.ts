// `/metrics` the way Prometheus meets it: the large sim in a child process, the shared cache
// filled from it, then scrapes spaced one collection cycle apart, each timed only once every node's
// row was recomputed from a new Summary since the scrape before (back-to-back scrapes would find
// nothing changed and the advisor pass fresh, which no real 15–60 s scrape does).
// BENCH_NODES (2 000), BENCH_RUNS (15). BENCH_AB=1 also times the renderer as it was before round
// five (tests/k8s/metrics-reference.ts) after each cycle, alternating which goes first.
// Prints figures; asserts nothing.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

import { makeRunTmpdir } from "../tests/run-tmpdir.mjs";
import { benchCacheSettings } from "./bench/cache-settings";
import { startSimProcess } from "./bench/sim-process";
import { againstTarget } from "./bench/targets";

// this bench's temp files (kubeconfigs, bundles, its children's) go with it when it exits
makeRunTmpdir("bench");

await import("../bin/register-server-only.mjs");
const { ClusterCache } = await import("../lib/k8s/store/cache");
const { ClusterClient, loadKubeConfig } = await import("../lib/k8s/io/client");
const { FETCH_WORKER_FILE, bundleFetchWorker } = await import("./bundle-fetch-worker.mjs");
const { renderCacheMetrics } = await import("../lib/k8s/metrics/exposition");
const { refreshFindings } = await import("../lib/k8s/documents/findings");
const { waitForNewRows } = await import("./bench/metrics-cycle");

const NODES = Number(process.env.BENCH_NODES ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const AB = process.env.BENCH_AB === "1";
const reference = AB ? (await import("../tests/k8s/metrics-reference")).renderCacheMetricsBefore : null;

const dir = mkdtempSync(join(tmpdir(), "headroom-bench-metrics-"));
const kubeconfig = join(dir, "kubeconfig");
const fetchWorkerFile = join(dir, FETCH_WORKER_FILE);
bundleFetchWorker(fetchWorkerFile);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (xs: number[]) =>
  `median ${median(xs).toFixed(0)} ms (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}, ${xs.length} runs)`;

const sim = await startSimProcess(NODES, kubeconfig);
try {
  const client = new ClusterClient(loadKubeConfig({ kind: "file", path: kubeconfig }), 32);
  const cache = new ClusterCache({
    client,
    profiles: [],
    demo: false,
    fetchWorker: () => ({ file: fetchWorkerFile, execArgv: [] }),
    settings: benchCacheSettings("proxy"),
  });
  cache.start();
  if (!(await cache.whenReady(900_000))) throw new Error("cache not ready");
  renderCacheMetrics(cache); // the first scrape of a process waits for the advisor's first pass
  const now: number[] = [];
  const before: number[] = [];
  const changed: number[] = [];
  const loads: number[] = [];
  let text = "";
  for (let i = 0; i < RUNS; i++) {
    changed.push(await waitForNewRows(cache));
    loads.push((await import("node:os")).loadavg()[0]!);
    const timeNow = () => {
      const s = performance.now();
      text = renderCacheMetrics(cache);
      now.push(performance.now() - s);
    };
    const timeBefore = () => {
      const s = performance.now();
      reference!(cache);
      before.push(performance.now() - s);
    };
    if (!reference) timeNow();
    else if (i % 2) {
      timeBefore();
      timeNow();
    } else {
      timeNow();
      timeBefore();
    }
    // as the route does once the answer is out: the advisor's next pass, between scrapes
    refreshFindings(cache);
  }
  const series = text.split("\n").filter((l) => l && !l.startsWith("#")).length;
  console.log(`metrics bench: ${cache.states.size} nodes, ${series} series, ${(text.length / 2 ** 20).toFixed(1)} MiB`);
  console.log(
    `  nodes recomputed since the scrape before: min ${(Math.min(...changed) * 100).toFixed(1)} %; 1-min load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
  );
  console.log(`  scrape after a collection cycle:  ${fmt(now)} ${againstTarget("metricsScrape", median(now))}`);
  if (reference) console.log(`  before round five (same cycles):  ${fmt(before)}`);
  if (reference) console.log(`  per cycle, now ÷ before:          ${now.map((t, i) => (t / before[i]!).toFixed(2)).join(" ")}`);
  cache.stop();
} finally {
  sim.kill("SIGTERM");
}
process.exit(0);
