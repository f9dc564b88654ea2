// Bundles the worker threads' entries (lib/k8s/io/fetch-worker.ts: kubelet collection;
// lib/http/analyze-worker.ts: parsing and analysing large /api/analyze documents;
// lib/prometheus/answer-worker.ts: receiving and decoding Prometheus answers) into
// self-contained ES modules beside server.js. Turbopack cannot bundle a Node worker entry: it
// copies `new Worker(new URL(...))` targets as raw assets, TypeScript and "@/" imports included,
// which no thread can load. esbuild (installed with tsx) resolves the tsconfig paths and inlines
// every import but Node's own modules.
import { join } from "node:path";
import { buildSync } from "esbuild";

/** The bundles' file names beside server.js; lib/k8s/io/fetch-thread.ts and lib/http/analyze-thread.ts look for the same names. */
export const FETCH_WORKER_FILE = "headroom-fetch-worker.mjs";
export const ANALYZE_WORKER_FILE = "headroom-analyze-worker.mjs";
export const PROMETHEUS_WORKER_FILE = "headroom-prometheus-worker.mjs";

const root = new URL("..", import.meta.url).pathname;

/**
 * Bundles `entry` (a path under the repository) into one ES module at `outFile`.
 * @param {string[]} entry @param {string} outFile @param {string[]} [external] imports left to the run time
 */
export function bundleEntry(entry, outFile, external = []) {
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

/** Writes the collection thread's bundle to `outFile`; throws with esbuild's messages when it does not build. */
/** @param {string} outFile */
export function bundleFetchWorker(outFile) {
  bundleEntry(["lib", "k8s", "io", "fetch-worker.ts"], outFile);
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
