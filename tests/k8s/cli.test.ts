// `headroom analyze --kubeconfig … --node/--all-nodes` as a process against a sim.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startSim, type Sim } from "@/lib/sim";

const ROOT = join(import.meta.dirname, "..", "..");
const dir = mkdtempSync(join(tmpdir(), "headroom-cli-k8s-"));

// Asynchronous: the sim answers from this process, so the test must not block its event loop.
function run(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, "bin/headroom.mjs"), ...args], { cwd: ROOT });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += String(d)));
    child.stderr.on("data", (d) => (stderr += String(d)));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

describe("headroom analyze against a cluster", () => {
  let sim: Sim;
  let full: string;
  let least: string;
  beforeAll(async () => {
    sim = await startSim({ scenario: "memory-pressure" });
    full = join(dir, "full.yaml");
    least = join(dir, "least.yaml");
    writeFileSync(full, sim.kubeconfigYaml);
    writeFileSync(least, sim.kubeconfigFor("least-privilege"));
  });
  afterAll(() => sim?.close());

  it("prints one node's analyze document", async () => {
    const name = sim.cluster.nodes[1]!.name;
    const r = await run(["analyze", "--kubeconfig", full, "--node", name, "--output", "json"]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({ node: name, thresholdSource: "kubeletConfig" });
    expect(doc.signals.length).toBeGreaterThan(0);
  });

  it("prints a JSON array and a table for --all-nodes, directly with least privilege", async () => {
    const json = await run(["analyze", "--kubeconfig", least, "--all-nodes", "--mode", "direct", "--output", "json"]);
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout).map((d: { node: string }) => d.node)).toEqual(sim.cluster.nodes.map((n) => n.name).sort());
    const table = await run(["analyze", "--kubeconfig", full, "--all-nodes", "--output", "table"]);
    expect(table.stdout).toMatch(/^NODE\s+CONFIG\s+MEMORY/);
  });

  it("prints one node's table with cpu in millicores, as the UI does, and no defaults note for a node's own configz", async () => {
    const r = await run(["analyze", "--kubeconfig", full, "--node", sim.cluster.nodes[0]!.name, "--output", "table"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^cpu(\s+\S+){3}\s+\d+m$/m);
    expect(r.stdout).not.toContain("kubelet's defaults");
  });

  it("reports a forbidden proxy as a 403 per node and a missing node as a one-line error", async () => {
    const r = await run(["analyze", "--kubeconfig", least, "--all-nodes", "--mode", "proxy", "--output", "json"]);
    expect(r.stderr).toMatch(/summary: 403 Forbidden/);
    expect(r.stderr).not.toMatch(/Bearer|127\.0\.0\.1/);
    const missing = await run(["analyze", "--kubeconfig", full, "--node", "nope"]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toBe('headroom: cannot collect from the cluster: 404 Not Found: nodes "nope" not found\n');
    expect((await run(["analyze", "--node", "x", "--all-nodes"])).status).toBe(2);
  });

  // Issue 29, item 6: a context the kubeconfig does not have is the user's to fix (exit 2).
  it("names a --context the kubeconfig does not have (exit 2, not a collection failure)", async () => {
    const r = await run(["analyze", "--kubeconfig", full, "--context", "nope", "--all-nodes"]);
    expect({ status: r.status, stderr: r.stderr, stdout: r.stdout }).toEqual({
      status: 2,
      stderr: `headroom: --context: "nope" is not a context in --kubeconfig ${full}\n`,
      stdout: "",
    });
  });
});
