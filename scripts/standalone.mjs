#!/usr/bin/env node
// Assembles the self-contained server the container image runs: Next's traced
// .next/standalone plus what `next build` leaves out of it on purpose (.next/static and public/,
// normally served by a CDN; here the Node server serves them), the demo scenarios (read from
// process.cwd() by lib/server/start/startup.ts) and the collection thread's bundle (bundle-fetch-worker.mjs).
// Run after `next build`; then `node server.js` in the output directory is the image's command.
// Usage: node scripts/standalone.mjs [outDir]
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

import {
  ANALYZE_WORKER_FILE,
  bundleAnalyzeWorker,
  bundleFetchWorker,
  bundlePrometheusWorker,
  FETCH_WORKER_FILE,
  PROMETHEUS_WORKER_FILE,
} from "./bundle-fetch-worker.mjs";

const root = new URL("..", import.meta.url).pathname;
const src = join(root, ".next", "standalone");
const out = resolve(process.argv[2] ?? src);
if (!existsSync(join(src, "server.js"))) {
  console.error(
    'headroom: .next/standalone/server.js is missing: run `next build` first (next.config.js sets output: "standalone")',
  );
  process.exit(1);
}
// In place, once per build: a running server may be serving from this directory.
const buildId = readFileSync(join(root, ".next", "BUILD_ID"), "utf8");
const marker = join(out, ".assembled");
if (out === src && existsSync(marker) && readFileSync(marker, "utf8") === buildId) process.exit(0);
if (out !== src) {
  rmSync(out, { recursive: true, force: true });
  // Turbopack links externals as .next/node_modules/<pkg>-<hash> -> ../../node_modules/<pkg>;
  // keep those links relative so they resolve inside the copy.
  cpSync(src, out, { recursive: true, verbatimSymlinks: true });
}
cpSync(join(root, ".next", "static"), join(out, ".next", "static"), { recursive: true });
if (existsSync(join(root, "public"))) cpSync(join(root, "public"), join(out, "public"), { recursive: true });
cpSync(join(root, "lib", "sim", "scenarios"), join(out, "lib", "sim", "scenarios"), { recursive: true });
bundleFetchWorker(join(out, FETCH_WORKER_FILE));
bundleAnalyzeWorker(join(out, ANALYZE_WORKER_FILE));
bundlePrometheusWorker(join(out, PROMETHEUS_WORKER_FILE));
cpSync(join(root, "scripts", "log-preload.mjs"), join(out, "headroom-log-preload.mjs"));
writeFileSync(marker, buildId);
console.log(`headroom: standalone server in ${out} (run: node server.js)`);
