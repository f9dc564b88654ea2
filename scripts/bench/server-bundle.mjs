// Bundles scripts/bench/server-parts.ts with esbuild as the shipped server's code is built, without
// keepNames: the benches import the bundle, so their main-thread CPU is the server's, not tsx's.
// "server-only" stays an import, resolved to nothing by bin/register-server-only.mjs, which the
// bench processes load first (Next.js aliases it the same way). The packages Next.js keeps external
// stay imports too, so the bundle is written inside the checkout, where node_modules resolves.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

import { bundleEntry } from "../bundle-fetch-worker.mjs";

const EXTERNAL = ["server-only", "@headroom/client-node", "prom-client"];

/**
 * Writes the bundle under node_modules/.cache/headroom-bench/ as `name` and returns its path.
 * @param {string} name
 */
export function bundleServerParts(name) {
  const dir = join(new URL("../..", import.meta.url).pathname, "node_modules", ".cache", "headroom-bench");
  mkdirSync(dir, { recursive: true });
  const outFile = join(dir, name);
  bundleEntry(["scripts", "bench", "server-parts.ts"], outFile, EXTERNAL);
  return outFile;
}

/**
 * Imports a bundle written by bundleServerParts (register bin/register-server-only.mjs first).
 * @param {string} file
 * @returns {Promise<typeof import("./server-parts")>}
 */
export function importServerParts(file) {
  return import(pathToFileURL(file).href);
}
