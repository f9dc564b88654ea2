// `kubectl headroom`: the real kubectl finds the plugin on PATH and runs it against the simulated
// cluster, with kubectl's flags (--kubeconfig, --context, -o json|wide) and KUBECONFIG.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";

import { analyzeNode, type AnalyzeOutput } from "@/lib/eviction";
import { worstMargins } from "@/lib/k8s/store/to-engine";
import { startSim, type Sim } from "@/lib/sim";
import { fixture, nodesOf } from "@/tests/fixtures";
import { requireBinary } from "@/tests/test-binaries.mjs";

const ROOT = join(import.meta.dirname, "..", "..");
const KUBECTL = requireBinary("kubectl");
const dir = mkdtempSync(join(tmpdir(), "headroom-kubectl-plugin-"));
const pluginDir = join(dir, "bin");
// Only the plugin's folder, the Node that runs it and the system's programs: what an operator's PATH holds.
const PATH = [pluginDir, dirname(process.execPath), "/usr/bin", "/bin"].join(":");

// Asynchronous: the sim answers from this process, so the test must not block its event loop.
function kubectl(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(KUBECTL, args, { cwd: dir, env: { NODE_ENV: "test", HOME: dir, PATH, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += String(d)));
    child.stderr.on("data", (d) => (stderr += String(d)));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/** The smallest margin share of a node's analysis, as the table sorts it. */
const worst = (a: AnalyzeOutput) => Math.min(...Object.values(worstMargins(a)).map((w) => w?.fraction ?? Infinity));
const rowsOf = (table: string) => table.trimEnd().split("\n");

// Each kubectl run starts Node and tsx: seconds apiece on a loaded machine.
describe("kubectl headroom (the CLI as a kubectl plugin)", { timeout: 300_000 }, () => {
  let sim: Sim;
  let kubeconfig: string;
  let twoContexts: string;
  beforeAll(async () => {
    // kubectl's plugin naming: an executable called kubectl-headroom on PATH (npm's `bin` links it so).
    mkdirSync(pluginDir);
    symlinkSync(join(ROOT, "bin", "kubectl-headroom.mjs"), join(pluginDir, "kubectl-headroom"));
    sim = await startSim({ scenario: "memory-pressure" });
    sim.advance(590); // the worker, evicted from node 0 at ~290 s, now leaks on node 1: MemoryPressure there
    kubeconfig = join(dir, "sim.yaml");
    writeFileSync(kubeconfig, sim.kubeconfigYaml);
    // A second context, current, that reaches nothing: only --context picks the simulated cluster.
    const doc = parse(sim.kubeconfigYaml);
    doc.clusters.push({ name: "nowhere", cluster: { server: "https://127.0.0.1:9" } });
    doc.contexts.push({ name: "nowhere", context: { cluster: "nowhere", user: doc.users[0].name } });
    doc["current-context"] = "nowhere";
    twoContexts = join(dir, "two-contexts.yaml");
    writeFileSync(twoContexts, stringify(doc));
  }, 60_000);
  afterAll(() => sim?.close());

  it("is discovered by kubectl plugin list", async () => {
    const r = await kubectl(["plugin", "list"]);
    expect(r.stdout).toContain(join(pluginDir, "kubectl-headroom"));
    expect(r.stderr).not.toMatch(/warning/i);
    expect(r.status).toBe(0);
  });

  it("kubectl headroom nodes: the fleet table, worst margin first, and the same order in -o json", async () => {
    const table = await kubectl(["headroom", "nodes", "--kubeconfig", kubeconfig]);
    expect(table.stderr).toBe("");
    expect(table.status).toBe(0);
    const [head, ...rows] = rowsOf(table.stdout);
    expect(head).toMatch(/^NAME\s+WORST SIGNAL\s+MARGIN\s+PRESSURE$/);
    expect(rows.map((r) => r.split(/\s+/)[0]).sort()).toEqual(sim.cluster.nodes.map((n) => n.name).sort());

    const json = await kubectl(["headroom", "nodes", "--kubeconfig", kubeconfig, "-o", "json"]);
    const docs = JSON.parse(json.stdout) as AnalyzeOutput[];
    const shares = docs.map(worst);
    expect(shares).toEqual([...shares].sort((a, b) => a - b));
    expect(rows.map((r) => r.split(/\s+/)[0])).toEqual(docs.map((d) => d.node));
    // The first row is the node under pressure, its threshold met, though its name sorts last.
    expect(docs[0]).toMatchObject({ node: sim.cluster.nodes[1]!.name, conditions: { MemoryPressure: true } });
    expect(rows[0]).toMatch(/MET\)\s+MemoryPressure$/);
    expect(rows.slice(1).every((r) => !r.includes("MemoryPressure"))).toBe(
      docs.slice(1).every((d) => !d.conditions.MemoryPressure),
    );
  });

  it("-o wide adds each family's margin, the kubelet settings' source and collection state", async () => {
    const r = await kubectl(["headroom", "nodes", "--kubeconfig", kubeconfig, "-owide"]);
    expect(r.status).toBe(0);
    const [head, ...rows] = rowsOf(r.stdout);
    expect(head).toMatch(/^NAME\s+WORST SIGNAL\s+MARGIN\s+PRESSURE\s+MEMORY\s+DISK\s+PID\s+CONFIG\s+COLLECTION$/);
    for (const row of rows) expect(row).toMatch(/\s(configz|profile|defaults)\s+ok$/);
  });

  it("honours --context and KUBECONFIG as kubectl does", async () => {
    const current = await kubectl(["headroom", "nodes", "--kubeconfig", twoContexts]);
    expect(current.status).toBe(1);
    expect(current.stderr).toMatch(/^headroom: cannot collect from the cluster: /);
    const simContext = parse(sim.kubeconfigYaml)["current-context"] as string;
    const picked = await kubectl(["headroom", "nodes", "--kubeconfig", twoContexts, "--context", simContext]);
    expect(picked.status).toBe(0);
    expect(rowsOf(picked.stdout)).toHaveLength(sim.cluster.nodes.length + 1);
    const fromEnv = await kubectl(["headroom", "nodes", `--context=${simContext}`], { KUBECONFIG: twoContexts });
    expect(fromEnv.stdout).toBe(picked.stdout);
  });

  it("kubectl headroom node NAME: the verdict table, -o wide with every signal, -o json the analyze document", async () => {
    const name = sim.cluster.nodes[0]!.name;
    const json = await kubectl(["headroom", "node", name, "--kubeconfig", kubeconfig, "-o", "json"]);
    expect(json.status).toBe(0);
    const doc = JSON.parse(json.stdout) as AnalyzeOutput;
    expect(doc.node).toBe(name);
    const table = await kubectl(["headroom", "node", name, "--kubeconfig", kubeconfig]);
    const wide = await kubectl(["headroom", "node", name, "--kubeconfig", kubeconfig, "-o", "wide"]);
    expect(table.status).toBe(0);
    const without = doc.signals.filter((s) => s.thresholds.length === 0).map((s) => s.signal);
    expect(without.length).toBeGreaterThan(0);
    for (const s of without) {
      expect(wide.stdout).toMatch(new RegExp(`^${s.replace(/\./g, "\\.")}\\s`, "m"));
      expect(table.stdout).not.toMatch(new RegExp(`^${s.replace(/\./g, "\\.")}\\s`, "m"));
    }
  });

  it("kubectl headroom analyze FILE: the engine on a document, as headroom analyze", async () => {
    const input = {
      node: nodesOf(fixture("nodes/nri-minikube-1.35-nodelist.json"))[0],
      summary: fixture("summary/nri-minikube-1.35.json"),
      kubeletConfig: fixture("configz/kubeadm-k8s-node-01.json"),
    };
    const file = join(dir, "node.json");
    writeFileSync(file, JSON.stringify(input));
    const json = await kubectl(["headroom", "analyze", file, "-o", "json"]);
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(analyzeNode(input));
    const table = await kubectl(["headroom", "analyze", file]);
    expect(table.stdout).toMatch(/^SIGNAL\s+AVAILABLE/m);
  });

  it("refuses bad usage with one line naming the flag or argument (status 2)", async () => {
    for (const [args, message] of [
      [["nodes", "-o", "yaml"], '--output must be json or wide, got "yaml"'],
      [["node"], "node takes exactly one NAME"],
      [["nodez"], 'unknown command "nodez"'],
      [["nodes", "--kubeconfig", join(dir, "missing.yaml")], `--kubeconfig ${join(dir, "missing.yaml")}: cannot read (ENOENT)`],
    ] as const) {
      const r = await kubectl(["headroom", ...args]);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`^kubectl headroom: ${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\(usage: `));
      expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
    }
  });
});
