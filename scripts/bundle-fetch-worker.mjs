// Bundles the collection thread's entry (lib/k8s/fetch-worker.ts) into one self-contained ES module.
// Turbopack cannot bundle a Node worker entry: it copies `new Worker(new URL(...))` targets as raw
// assets, TypeScript and "@/" imports included, which no thread can load. esbuild (installed with
// tsx) resolves the tsconfig paths and inlines every import but Node's own modules.
import { buildSync } from "esbuild";
import { join } from "node:path";

/** The bundle's file name beside server.js; lib/k8s/fetch-thread.ts looks for the same name. */
export const FETCH_WORKER_FILE = "headroom-fetch-worker.mjs";

const root = new URL("..", import.meta.url).pathname;

/** Writes the bundle to `outFile`; throws with esbuild's messages when it does not build. */
export function bundleFetchWorker(outFile) {
  buildSync({
    entryPoints: [join(root, "lib", "k8s", "fetch-worker.ts")],
    outfile: outFile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: join(root, "tsconfig.json"),
    logLevel: "silent",
    legalComments: "none",
  });
}
