// `headroom analyze --server` and `kubectl headroom nodes --server`: the CLI as a process reading a
// Headroom server over loopback instead of the cluster. The server is the real route handlers
// (/api/cluster, /api/nodes?names=…) over the shared cache against the sim, behind the real auth
// gate in token mode, as proxy.ts applies it. Checks: the same analyze documents as the CLI
// collecting the cluster itself; the token from a file or HEADROOM_TOKEN as a bearer header, 401
// printed plainly; bad input named by its flag (exit 2); with several replicas, a replica that does
// not answer is named with its nodes and the exit status is 3.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET as cluster } from "@/app/api/cluster/route";
import { GET as nodes } from "@/app/api/nodes/route";
import { main } from "@/bin/cli";
import { createGate } from "@/lib/auth/gate";
import { ownerOf } from "@/lib/k8s/replicas/assignment";
import { currentShard } from "@/lib/k8s/replicas/runtime";
import { configureCluster, getCache, resetCluster } from "@/lib/k8s/store/runtime";
import { startSim, type Sim } from "@/lib/sim";

import { ghostLease } from "../replicas/in-process-replica";
import { FAST, until } from "./helpers";

const ROOT = join(import.meta.dirname, "..", "..");
const dir = mkdtempSync(join(tmpdir(), "headroom-cli-server-"));
const TOKEN = "cli-server-token-0123456789abcdef";
const tokenFile = join(dir, "token");
writeFileSync(tokenFile, `${TOKEN}\n`);

// Asynchronous: the server and the sim answer from this process.
function run(bin: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, bin), ...args], {
      cwd: ROOT,
      env: { NODE_ENV: "test", PATH: process.env.PATH, HOME: dir, ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += String(d)));
    child.stderr.on("data", (d) => (stderr += String(d)));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/** The routes the CLI reads, behind the auth gate in token mode, on a loopback port. */
async function headroomServer(): Promise<{ server: Server; url: string }> {
  const gate = createGate({
    HEADROOM_AUTH_MODE: "token",
    HEADROOM_AUTH_TOKEN: TOKEN,
    HEADROOM_AUTH_HEADER: "x-forwarded-user",
    HEADROOM_METRICS_PUBLIC: false,
    trustedProxies: [],
  });
  const server = createServer((req, res) => {
    const request = new Request(`http://127.0.0.1${req.url}`, { headers: req.headers as Record<string, string> });
    const path = new URL(request.url).pathname;
    const decision = gate({ path, method: req.method ?? "GET", headers: request.headers });
    const answer =
      decision.action !== "allow"
        ? Promise.resolve(Response.json({ error: "error" in decision ? decision.error : "login" }, { status: 401 }))
        : path === "/api/cluster"
          ? cluster(request)
          : path === "/api/nodes"
            ? nodes(request)
            : Promise.resolve(Response.json({ error: "not found" }, { status: 404 }));
    void answer.then(async (a) => res.writeHead(a.status, { "content-type": "application/json" }).end(await a.text()));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** `main` in this process, for the checks that never reach a server. */
async function inProcess(args: string[]) {
  let stdout = "";
  let stderr = "";
  const io = { stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) } };
  const status = await main(args, io as never);
  return { status, stdout, stderr };
}

describe("the CLI reading a Headroom server", () => {
  let sim: Sim;
  let kubeconfig: string;
  let srv: { server: Server; url: string };
  beforeAll(async () => {
    sim = await startSim({ scenario: "memory-pressure" });
    kubeconfig = join(dir, "kubeconfig");
    writeFileSync(kubeconfig, sim.kubeconfigYaml);
    await configureCluster({ source: { kind: "text", yaml: sim.kubeconfigYaml }, settings: FAST, now: () => sim.clock.now() });
    await getCache().cache.whenReady(15_000);
    srv = await headroomServer();
  }, 30_000);
  afterAll(async () => {
    srv?.server.close();
    await resetCluster();
    await sim?.close();
  });

  // Two processes at once: each starts Node and tsx, seconds apiece on a loaded machine.
  it("prints what the CLI collecting the cluster prints, with the token from a file or HEADROOM_TOKEN", async () => {
    const [fromServer, fromCluster] = await Promise.all([
      run("bin/headroom.mjs", ["analyze", "--server", srv.url, "--token-file", tokenFile, "--all-nodes", "--output", "json"]),
      run("bin/headroom.mjs", ["analyze", "--kubeconfig", kubeconfig, "--all-nodes", "--output", "json"]),
    ]);
    expect(fromServer.stderr).toBe("");
    expect(fromServer.status).toBe(0);
    const docs = JSON.parse(fromServer.stdout) as { node: string }[];
    expect(docs.map((d) => d.node)).toEqual(sim.cluster.nodes.map((n) => n.name).sort());
    expect(fromCluster.status).toBe(0);
    expect(docs).toEqual(JSON.parse(fromCluster.stdout));
    process.env.HEADROOM_TOKEN = TOKEN;
    try {
      const one = await inProcess([
        "analyze",
        "--server",
        `${srv.url}/`,
        "--node",
        sim.cluster.nodes[0]!.name,
        "--output",
        "table",
      ]);
      expect(one.stderr).toBe("");
      expect(one.status).toBe(0);
      expect(one.stdout).toMatch(/SIGNAL\s+AVAILABLE/);
    } finally {
      delete process.env.HEADROOM_TOKEN;
    }
  }, 60_000);

  it("prints a 401 plainly (exit 1), never the token", async () => {
    const none = await inProcess(["analyze", "--server", srv.url, "--all-nodes"]);
    expect(none).toEqual({
      status: 1,
      stdout: "",
      stderr: `headroom: --server ${srv.url}: 401 Unauthorized: authentication required (give the token with --token-file FILE or HEADROOM_TOKEN)\n`,
    });
    process.env.HEADROOM_TOKEN = `${TOKEN}x`;
    try {
      const wrong = await inProcess(["analyze", "--server", srv.url, "--all-nodes"]);
      expect(wrong).toEqual({
        status: 1,
        stdout: "",
        stderr: `headroom: --server ${srv.url}: 401 Unauthorized: invalid bearer token (the token was refused)\n`,
      });
    } finally {
      delete process.env.HEADROOM_TOKEN;
    }
  });

  it("names the flag of bad input (exit 2) and an unreachable server (exit 1)", async () => {
    const bad = async (args: string[], message: string) => {
      const r = await inProcess(["analyze", ...args]);
      expect(r).toEqual({ status: 2, stdout: "", stderr: `headroom: ${message}\n` });
    };
    await bad(
      ["--server", "http://me:pw-0123456789@127.0.0.1:1", "--all-nodes"],
      "--server must not carry credentials: give the token with --token-file FILE or HEADROOM_TOKEN",
    );
    await bad(["--server", "ftp://127.0.0.1", "--all-nodes"], '--server must be an http:// or https:// URL, got "ftp:"');
    await bad(
      ["--server", "headroom", "--all-nodes"],
      '--server must be a URL such as https://headroom.example:3000, got "headroom"',
    );
    await bad(
      ["--server", srv.url, "--token-file", join(dir, "nope"), "--all-nodes"],
      `--token-file ${join(dir, "nope")}: cannot read (ENOENT)`,
    );
    await bad(
      ["--server", srv.url, "--kubeconfig", kubeconfig, "--all-nodes"],
      "--server reads a Headroom deployment, not the cluster: drop --kubeconfig, --context and --mode",
    );
    await bad(["--kubeconfig", kubeconfig, "--token-file", tokenFile, "--all-nodes"], "--token-file goes with --server");
    // a port that was just free: nothing listens there
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const down = await inProcess(["analyze", "--server", `http://127.0.0.1:${port}`, "--all-nodes"]);
    expect(down).toEqual({
      status: 1,
      stdout: "",
      stderr: `headroom: --server http://127.0.0.1:${port}: cannot reach it (ECONNREFUSED)\n`,
    });
  });

  it("names a replica that does not answer and its nodes, prints the others (exit 3)", async () => {
    // This process becomes a sharded replica, "solo"; a second member, "ghost", holds a Lease whose
    // peer URL answers nothing (a closed port). Its name is picked so that each owns a node.
    await resetCluster();
    const env = {
      HEADROOM_SHARDING: "lease",
      HEADROOM_REPLICA_NAME: "solo",
      HEADROOM_PEER_URL: "http://127.0.0.1:1",
      HEADROOM_LEASE_NAMESPACE: "default",
      HEADROOM_PEER_TOKEN_FILE: tokenFile,
    };
    const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
    Object.assign(process.env, env);
    const names = sim.cluster.nodes.map((n) => n.name);
    const ghost = Array.from({ length: 64 }, (_, i) => `ghost-${i}`).find(
      (g) => new Set(names.map((n) => ownerOf(n, [g, "solo"]))).size === 2,
    )!;
    const renew = () => sim.cluster.stores.leases.put(ghostLease(ghost));
    renew();
    const renewing = setInterval(renew, 3000); // the ghost stays a member while the CLI runs
    try {
      await configureCluster({ source: { kind: "text", yaml: sim.kubeconfigYaml }, settings: FAST, now: () => sim.clock.now() });
      getCache();
      await until(() => currentShard()?.shard.membership.members().length === 2, 20_000, "two members");
      const own = names.filter((n) => ownerOf(n, [ghost, "solo"]) === "solo");
      const ghosts = names.filter((n) => ownerOf(n, [ghost, "solo"]) === ghost);
      await until(() => own.every((n) => getCache().cache.states.get(n)?.summaryAt != null), 15_000, "own nodes collected");
      const r = await run("bin/kubectl-headroom.mjs", ["nodes", "--server", srv.url, "--token-file", tokenFile]);
      expect(r.status).toBe(3);
      for (const n of own) expect(r.stdout).toMatch(new RegExp(`^${n}\\s`, "m"));
      const lines = r.stderr.trimEnd().split("\n");
      expect(lines).toHaveLength(ghosts.length);
      for (const [i, n] of ghosts.entries())
        expect(lines[i]).toMatch(
          new RegExp(`^headroom: ${n}: owner unreachable: replica ${ghost}, Lease last renewed \\d+ s ago \\(.+\\)$`),
        );
    } finally {
      clearInterval(renewing);
      await resetCluster();
      for (const [k, v] of Object.entries(saved))
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
    }
  }, 60_000);
});
