#!/usr/bin/env node
// `npm start`: build when the sources are newer than the last build, then serve with `next start`.
// Binds to loopback unless HOSTNAME says otherwise: Headroom shows cluster data and must not be
// exposed by accident.
import { spawnSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

process.env.NEXT_TELEMETRY_DISABLED ??= "1";
const root = new URL("..", import.meta.url).pathname;
const port = process.env.PORT || "3000";
const host = process.env.HOSTNAME || "127.0.0.1";
const nextBin = join(root, "node_modules", "next", "dist", "bin", "next");

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
const sources = ["app", "components", "lib", "public", "next.config.js", "package.json", "postcss.config.mjs"];
const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (sources.some((s) => newestMtime(join(root, s)) > builtAt)) {
  console.log("headroom: building (sources changed since the last build)");
  const r = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(process.execPath, [nextBin, "start", "-p", port, "-H", host], { cwd: root, stdio: "inherit" });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
