// Bundles the worker threads' entries (lib/k8s/io/fetch-worker.ts: kubelet collection;
// lib/http/analyze-worker.ts: parsing and analysing large /api/analyze documents;
// lib/prometheus/answer-worker.ts: receiving and decoding Prometheus answers) into
// self-contained ES modules beside server.js. Turbopack cannot bundle a Node worker entry: it
// copies `new Worker(new URL(...))` targets as raw assets, TypeScript and "@/" imports included,
// which no thread can load. esbuild (installed with tsx) resolves the tsconfig paths and inlines
// every import but Node's own modules.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { buildSync } from "esbuild";

/** The bundles' file names beside server.js; lib/k8s/io/fetch-thread.ts and lib/http/analyze-thread.ts look for the same names. */
export const FETCH_WORKER_FILE = "headroom-fetch-worker.mjs";
export const ANALYZE_WORKER_FILE = "headroom-analyze-worker.mjs";
export const PROMETHEUS_WORKER_FILE = "headroom-prometheus-worker.mjs";

const root = new URL("..", import.meta.url).pathname;

/**
 * Bundles `entry` (a path under the repository) into one ES module at `outFile`.
 * @param {string[]} entry @param {string} outFile
 * @param {string[]} [external] imports left to the run time
 */
function bundleEntry(entry, outFile, external = []) {
  buildSync({
    entryPoints: [join(root, ...entry)],
    outfile: outFile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: join(root, "tsconfig.json"),
    logLevel: "silent",
    legalComments: "none",
    external,
    // CommonJS dependencies (yaml) require Node's modules at run time; an ES module has no
    // `require` of its own, so the bundle makes one.
    banner: {
      js: 'import { createRequire as __headroomRequire } from "node:module"; const require = __headroomRequire(import.meta.url);',
    },
  });
}

/**
 * Writes the collection thread's bundle to `outFile`; throws with esbuild's messages when it does
 * not build. `entry`: another entry that imports it (the replicas bench's profiled one).
 * @param {string} outFile @param {string[]} [entry]
 */
export function bundleFetchWorker(outFile, entry = ["lib", "k8s", "io", "fetch-worker.ts"]) {
  bundleEntry(entry, outFile);
}

/** Writes the analyze thread's bundle to `outFile`. */
/** @param {string} outFile */
export function bundleAnalyzeWorker(outFile) {
  bundleEntry(["lib", "http", "analyze-worker.ts"], outFile);
}

/** Writes the Prometheus answer thread's bundle to `outFile`. */
/** @param {string} outFile */
export function bundlePrometheusWorker(outFile) {
  bundleEntry(["lib", "prometheus", "answer-worker.ts"], outFile);
}

// The server's code for the data-layer and replicas benches (scripts/bench/server-parts.ts), bundled
// as the shipped server is built, without tsx's keepNames, so the benches' main-thread CPU is the
// server's, not tsx's. "server-only" stays an import, resolved to nothing by
// bin/register-server-only.mjs, which the bench processes load first (Next.js aliases it the same
// way); the packages Next.js keeps external stay imports too, so the bundle is written inside the
// checkout, where node_modules resolves. scripts/bench/server-bundle.mjs imports it.
const SERVER_EXTERNAL = ["server-only", "@headroom/client-node", "prom-client"];

/**
 * Writes the benches' server bundle under node_modules/.cache/headroom-bench/ as `name`; returns its path.
 * @param {string} name
 */
export function bundleServerParts(name) {
  const dir = join(root, "node_modules", ".cache", "headroom-bench");
  mkdirSync(dir, { recursive: true });
  const outFile = join(dir, name);
  bundleEntry(["scripts", "bench", "server-parts.ts"], outFile, SERVER_EXTERNAL);
  return outFile;
}
