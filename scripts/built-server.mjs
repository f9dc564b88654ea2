// The build-then-serve steps `npm start` runs (scripts/start.mjs), shared with `npm run demo:ha`
// (scripts/demo-ha.mjs), which starts three servers on one build: build when the sources are newer
// than the last build, assemble the standalone server (scripts/standalone.mjs), and the exact
// command the container image runs (`node server.js`), so what we test is what ships.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { bundleClientNode } from "./bundle-client-node.mjs";

const root = new URL("..", import.meta.url).pathname;
const nextBin = join(root, "node_modules", "next", "dist", "bin", "next");

/** @param {string} path @returns {number} */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const sources = [
  "app",
  "components",
  "lib",
  "public",
  "proxy.ts",
  "instrumentation.ts",
  "instrumentation-client.ts",
  "next.config.js",
  "package.json",
  "postcss.config.mjs",
];

// The major version of the Node.js the project brings (package.json's npm package "node"), the one
// its server and bundled client-node are built for.
const projectNodeMajor = Number(
  /** @type {{ dependencies: { node: string } }} */ (
    JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
  ).dependencies.node.split(".")[0],
);

/**
 * Why this Node.js cannot serve Headroom, or null. npm's scripts put the project's own Node.js
 * first on the PATH; `node scripts/start.mjs` under a machine's older Node.js otherwise builds,
 * starts and then answers every page with a 500 ("Failed to load external module
 * @headroom/client-node").
 * @param {string} version
 */
export function nodeVersionProblem(version = process.versions.node) {
  if (Number(version.split(".")[0]) >= projectNodeMajor) return null;
  return `headroom: needs Node.js ${projectNodeMajor} or later, and this is ${version}: run it through npm (npm start, npm run demo:ha), which uses the project's own Node.js from node_modules/.bin`;
}

/** Builds when needed and assembles the standalone server; returns a process exit code (0: ready). */
export function ensureBuilt() {
  const tooOld = nodeVersionProblem();
  if (tooOld) {
    console.error(tooOld);
    return 1;
  }
  process.env.NEXT_TELEMETRY_DISABLED ??= "1";
  // The server's client-node is this bundle ("@headroom/client-node", external to the build).
  bundleClientNode();
  const stamp = join(root, ".next", "BUILD_ID");
  const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  if (!existsSync(join(root, ".next", "standalone", "server.js")) || sources.some((s) => newestMtime(join(root, s)) > builtAt)) {
    console.log("headroom: building (sources changed since the last build)");
    const r = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit" });
    if (r.status !== 0) return r.status ?? 1;
  }
  // Always: a `next build` run by hand leaves .next/static out of the standalone directory.
  const a = spawnSync(process.execPath, [join(root, "scripts", "standalone.mjs")], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  return a.status ?? 1;
}

/**
 * glibc's malloc settings the server runs with (why: serverCommand). The Dockerfile, package.json's
 * bench commands and scripts/bench-replicas.ts use the same (tests/built-server.test.ts holds them
 * to it).
 */
export const MEMORY_ENV = Object.freeze({ MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" });

/**
 * The command line and environment of one standalone server.
 * @param {NodeJS.ProcessEnv} given
 * @returns {{ args: string[]; env: NodeJS.ProcessEnv }}
 */
export function serverCommand(given) {
  // server.js changes directory to its own; paths given relative to where `npm start` ran must
  // survive that. HOSTNAME is what server.js binds to.
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...given, PORT: given.PORT || "3000", HOSTNAME: given.HOSTNAME || "127.0.0.1" };
  env.NEXT_TELEMETRY_DISABLED ??= "1";
  for (const k of ["HEADROOM_PROFILES_FILE", "HEADROOM_KUBELET_CA_FILE", "HEADROOM_PEER_TOKEN_FILE"])
    if (env[k]) env[k] = resolve(env[k]);
  if (env.KUBECONFIG)
    env.KUBECONFIG = env.KUBECONFIG.split(":")
      .map((f) => (f ? resolve(f) : f))
      .join(":");
  // Memory at 5 000 nodes (the data layer's RSS with and without them: docs/benchmarks.md). Summaries
  // are parsed in the collection thread, so the main thread no longer needs V8's default 16 MiB
  // semi-spaces; glibc's per-thread malloc arenas kept the collection thread's freed body buffers
  // resident; and glibc raises its mmap threshold each time a mapped block is freed (up to 32 MiB),
  // after which the 100-300 KiB response buffers come from the arenas and their freed space stays
  // resident, fragmented. A fixed threshold at glibc's own starting value (128 KiB) keeps such
  // buffers in mappings of their own, returned when freed. The same settings are in the Dockerfile
  // and the bench commands (MEMORY_ENV). An operator's own value wins.
  const has = (/** @type {string} */ flag) => (env.NODE_OPTIONS ?? "").split(/\s+/).some((a) => a.startsWith(flag));
  const nodeFlags = has("--max-semi-space-size") ? [] : ["--max-semi-space-size=8"];
  for (const [k, v] of Object.entries(MEMORY_ENV)) env[k] ??= v;
  // Next's own start-up lines as JSON log lines too (scripts/log-preload.mjs).
  const preloadFile = join(root, ".next", "standalone", "headroom-log-preload.mjs");
  const preload = existsSync(preloadFile) ? ["--import", pathToFileURL(preloadFile).href] : [];
  return { args: [...nodeFlags, ...preload, join(root, ".next", "standalone", "server.js")], env };
}
