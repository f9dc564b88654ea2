#!/usr/bin/env node
// `npm run demo:ha`: the demo cluster (lib/sim, scenario "demo", real time) and three Headroom
// replicas sharing its kubelets through Leases (HEADROOM_SHARDING=lease, docs/replicas.md), each a
// real standalone server (`node server.js`, one build: scripts/built-server.mjs) on loopback at
// PORT, PORT+1 and PORT+2 (PORT defaults to 3000). The peer secret is generated into a temp file
// (mode 0600) that is removed on exit. Keys: 1/2/3 SIGKILL that replica (no goodbye: its Lease
// expires), r restarts the killed ones, q quits. Each replica's pid is printed, so `kill -9 PID`
// from another terminal does the same. Logs: one file per replica in the temp directory.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { setTimeout } from "node:timers";
import { setTimeout as sleep } from "node:timers/promises";

import { ensureBuilt, serverCommand } from "./built-server.mjs";

const root = new URL("..", import.meta.url).pathname;
const base = Number(process.env.PORT || "3000");
if (!Number.isInteger(base) || base < 1 || base > 65533) {
  console.error(`demo:ha: environment PORT: expected a port number (it and the next two are used), got ${process.env.PORT}`);
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), "headroom-demo-ha-"));
const tokenFile = join(dir, "peer-token");
const kubeconfig = join(dir, "kubeconfig");
writeFileSync(tokenFile, randomBytes(32).toString("hex"), { mode: 0o600 });

/** @type {Map<string, import("node:child_process").ChildProcess>} */
const running = new Map();
const names = ["replica-1", "replica-2", "replica-3"];
/** @type {import("node:child_process").ChildProcess | undefined} */
let sim;
let quitting = false;

function quit(code = 0) {
  if (quitting) return;
  quitting = true;
  for (const child of [...running.values(), sim]) child?.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
  setTimeout(() => process.exit(code), 500).unref();
}
for (const sig of /** @type {const} */ (["SIGINT", "SIGTERM"])) process.on(sig, () => quit(0));

// The simulated cluster in its own process; it prints a line with "ready" once it serves.
const tsx = join(root, "node_modules", "tsx", "dist", "cli.mjs");
sim = spawn(process.execPath, [tsx, join(root, "lib", "sim", "main.ts"), "--scenario", "demo", "--kubeconfig", kubeconfig], {
  cwd: root,
  stdio: ["ignore", "pipe", "inherit"],
});
sim.on("exit", (code) => {
  if (!quitting) console.error(`demo:ha: the simulated cluster exited (${code}); stopping`);
  quit(1);
});
await new Promise((resolve) => {
  createInterface({ input: /** @type {import("node:stream").Readable} */ (sim.stdout) }).on("line", (line) => {
    if (line.includes("ready")) resolve(undefined);
  });
});
console.log(`demo:ha: simulated cluster ready (kubeconfig ${kubeconfig})`);

const built = ensureBuilt();
if (built !== 0) {
  sim.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
  process.exit(built);
}

/** @param {number} i */
function startReplica(i) {
  const name = /** @type {string} */ (names[i]);
  const port = base + i;
  const { args, env } = serverCommand({
    ...process.env,
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    KUBECONFIG: kubeconfig,
    HEADROOM_SHARDING: "lease",
    HEADROOM_REPLICA_NAME: name,
    HEADROOM_PEER_URL: `http://127.0.0.1:${port}`,
    HEADROOM_PEER_TOKEN_FILE: tokenFile,
    HEADROOM_LEASE_NAMESPACE: "default",
  });
  const logFile = join(dir, `${name}.log`);
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  const out = createWriteStream(logFile);
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  running.set(name, child);
  child.on("exit", (code, signal) => {
    running.delete(name);
    if (!quitting) console.log(`demo:ha: ${name} (pid ${child.pid}) exited (${signal ?? code}); r restarts it`);
  });
  console.log(`demo:ha: ${name} pid ${child.pid} http://127.0.0.1:${port}/ (log ${logFile})`);
}

names.forEach((_, i) => startReplica(i));

// Ready when every replica answers its health check; else the start-up error from its log.
const deadline = Date.now() + 120_000;
const healthy = (/** @type {string} */ url) =>
  globalThis.fetch(url).then(
    (r) => r.ok,
    () => false,
  );
for (let i = 0; i < names.length; i++) {
  const name = /** @type {string} */ (names[i]);
  const url = `http://127.0.0.1:${base + i}/api/healthz`;
  while (!(await healthy(url))) {
    if (Date.now() > deadline || !running.has(name)) {
      const tail = readFileSync(join(dir, `${name}.log`), "utf8")
        .split("\n")
        .slice(-15)
        .join("\n");
      console.error(`demo:ha: ${name} did not answer ${url}; the end of its log:\n${tail}`);
      for (const child of [...running.values(), sim]) child.kill("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
      process.exit(1);
    }
    await sleep(250);
  }
}
console.log(`demo:ha ready: open http://127.0.0.1:${base}/ (also :${base + 1} and :${base + 2})`);
console.log("demo:ha: keys 1/2/3 SIGKILL that replica, r restarts the killed ones, q quits");

if (process.stdin.isTTY) process.stdin.setRawMode(true);
process.stdin.setEncoding("utf8");
process.stdin.on("data", (/** @type {string} */ keys) => {
  for (const k of keys) {
    if (k === "q" || k === "\u0003") quit(0);
    else if (k === "r") names.forEach((n, i) => running.has(n) || startReplica(i));
    else if (["1", "2", "3"].includes(k)) {
      const name = /** @type {string} */ (names[Number(k) - 1]);
      const child = running.get(name);
      if (child) {
        console.log(`demo:ha: SIGKILL ${name} (pid ${child.pid}); within ~20 s its nodes move to the others`);
        child.kill("SIGKILL");
      }
    }
  }
});
