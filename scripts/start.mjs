#!/usr/bin/env node
// `npm start`: build when the sources are newer than the last build, assemble the standalone
// server (scripts/standalone.mjs) and run it, exactly as the container image does (`node
// server.js`), so what we test is what ships; `next start` does not support output: "standalone".
// Binds to loopback unless HOSTNAME says otherwise: Headroom shows cluster data and must not be
// exposed by accident (auth mode "none" refuses any other address).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

process.env.NEXT_TELEMETRY_DISABLED ??= "1";
const root = new URL("..", import.meta.url).pathname;
const port = process.env.PORT || "3000";
const host = process.env.HOSTNAME || "127.0.0.1";
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

const stamp = join(root, ".next", "BUILD_ID");
const sources = [
  "app",
  "components",
  "lib",
  "public",
  "proxy.ts",
  "instrumentation.ts",
  "next.config.js",
  "package.json",
  "postcss.config.mjs",
];
const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (!existsSync(join(root, ".next", "standalone", "server.js")) || sources.some((s) => newestMtime(join(root, s)) > builtAt)) {
  console.log("headroom: building (sources changed since the last build)");
  const r = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// Always: a `next build` run by hand leaves .next/static out of the standalone directory.
const a = spawnSync(process.execPath, [join(root, "scripts", "standalone.mjs")], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
});
if (a.status !== 0) process.exit(a.status ?? 1);

// server.js changes directory to its own; paths given relative to where `npm start` ran must
// survive that. HOSTNAME is what server.js binds to.
/** @type {NodeJS.ProcessEnv} */
const env = { ...process.env, PORT: port, HOSTNAME: host };
for (const k of ["HEADROOM_PROFILES_FILE", "HEADROOM_KUBELET_CA_FILE"]) if (env[k]) env[k] = resolve(env[k]);
if (env.KUBECONFIG)
  env.KUBECONFIG = env.KUBECONFIG.split(":")
    .map((f) => (f ? resolve(f) : f))
    .join(":");
// Memory at 5 000 nodes (the data layer's RSS with and without them: docs/benchmarks.md). Summaries
// are parsed in the collection thread, so the main thread no longer needs V8's default 16 MiB
// semi-spaces; and glibc's per-thread malloc arenas kept the collection thread's freed body buffers
// resident. The same two settings are in the Dockerfile and the bench command. An operator's own
// value wins.
const given = (/** @type {string} */ flag) => (env.NODE_OPTIONS ?? "").split(/\s+/).some((a) => a.startsWith(flag));
const nodeFlags = given("--max-semi-space-size") ? [] : ["--max-semi-space-size=8"];
env.MALLOC_ARENA_MAX ??= "2";
// Next's own start-up lines as JSON log lines too (scripts/log-preload.mjs).
const preloadFile = join(root, ".next", "standalone", "headroom-log-preload.mjs");
const preload = existsSync(preloadFile) ? ["--import", pathToFileURL(preloadFile).href] : [];
const child = spawn(process.execPath, [...nodeFlags, ...preload, join(root, ".next", "standalone", "server.js")], {
  stdio: "inherit",
  env,
});
for (const sig of /** @type {const} */ (["SIGINT", "SIGTERM"])) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
