// The contract end to end: the CLI as a separate process, exactly as an operator runs it.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { analyzeNode, parseBytes } from "@/lib/eviction";
import { fixture, nodesOf } from "@/tests/fixtures";

const ROOT = join(import.meta.dirname, "..");
const dir = mkdtempSync(join(tmpdir(), "headroom-cli-"));

function run(args: string[], stdin?: string) {
  const r = spawnSync(process.execPath, [join(ROOT, "bin/headroom.mjs"), ...args], { input: stdin, encoding: "utf8", cwd: ROOT });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function write(name: string, content: string): string {
  const p = join(dir, name);
  writeFileSync(p, content);
  return p;
}

const input = {
  node: nodesOf(fixture("nodes/nri-minikube-1.35-nodelist.json"))[0],
  summary: fixture("summary/nri-minikube-1.35.json"),
  kubeletConfig: fixture("configz/kubeadm-k8s-node-01.json"),
};

describe("headroom analyze (process)", () => {
  it("prints the same JSON document as analyzeNode", () => {
    const r = run(["analyze", write("in.json", JSON.stringify(input)), "--output", "json"]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(analyzeNode(input));
  });

  it("prints its usage with --help", () => {
    const r = run(["--help"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^usage: headroom analyze FILE\|-/);
  });

  it("reads standard input with -", () => {
    const r = run(["analyze", "-", "--output=json"], JSON.stringify(input));
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).node).toBe("datagen-1-35");
  });

  it("accepts YAML", () => {
    const r = run(["analyze", write("in.yaml", "kubeletFlags: --eviction-hard=memory.available<1Gi\n"), "--output", "json"]);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).thresholds[0]).toMatchObject({ signal: "memory.available", value: { quantity: 1073741824 } });
  });

  it("prints a table with --output table", () => {
    const r = run(["analyze", write("t.json", JSON.stringify(input)), "--output", "table"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/SIGNAL\s+AVAILABLE/);
    expect(r.stdout).toContain("memory.available");
  });

  it.each([
    [
      "negative threshold",
      { kubeletConfig: { evictionHard: { "memory.available": "-100Mi" } } },
      'kubeletConfig.evictionHard["memory.available"]',
    ],
    ["unknown signal", { kubeletConfig: { evictionHard: { "memory.free": "1Gi" } } }, "memory.free"],
    ["malformed capacity", { node: { status: { capacity: { memory: "12Qi" } } } }, "node.status.capacity.memory"],
    ["string in summary", { summary: { node: { memory: { availableBytes: "1" } } } }, "summary.node.memory.availableBytes"],
    ["bad now", { now: "yesterday" }, "now"],
  ])("exits 2 with one line naming the field: %s", (_name, doc, field) => {
    const r = run(["analyze", write("bad.json", JSON.stringify(doc)), "--output", "json"]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    const lines = r.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^headroom: /);
    expect(lines[0]).toContain(field);
  });

  it("exits 2 on a missing file, broken JSON and a bad option", () => {
    expect(run(["analyze", join(dir, "nope.json")]).stderr).toMatch(/nope\.json: cannot read \(ENOENT\)/);
    const broken = run(["analyze", write("broken.json", '{"node":')]);
    expect(broken.status).toBe(2);
    expect(broken.stderr).toMatch(/not valid JSON/);
    expect(run(["analyze", "x", "--output", "xml"]).status).toBe(2);
    expect(run(["frobnicate"]).status).toBe(2);
  });

  it("--now replaces the document's clock and is validated", () => {
    const r = run(["analyze", write("n.json", "{}"), "--now", "not-a-time"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("now: must be an RFC 3339 time");
    expect(run(["analyze", write("n2.json", "{}"), "--now", "2026-01-02T15:04:05Z", "-o", "json"]).status).toBe(0);
  });

  it("runs through npx as documented", () => {
    const r = spawnSync("npx", ["--no-install", "headroom", "analyze", write("npx.json", "{}"), "--output", "json"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).thresholdSource).toBe("defaults");
  });
});

describe("headroom analyze given the wrong document", () => {
  it.each([
    [
      "a bare Summary",
      "summary/nri-minikube-1.35.json",
      'headroom: input: this is a kubelet Summary (GET /stats/summary), not an input document; it belongs under "summary"',
    ],
    [
      "a bare configz",
      "configz/kubeadm-k8s-node-01.json",
      'headroom: input: this is a kubelet configz response (GET /configz), not an input document; it belongs under "kubeletConfig"',
    ],
    [
      "kubectl get node -o json",
      "nodes/nri-minikube-1.35-nodelist.json",
      "headroom: input: this is a list with one Node (kubectl get node -o json), not an input document; its one item belongs under \"node\", e.g. jq '{node: .items[0]}'",
    ],
  ])("exits 2 on %s, saying what it is and where it belongs", (_name, file, message) => {
    const r = run(["analyze", "-", "--output", "table"], JSON.stringify(fixture(file)));
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.startsWith(message)).toBe(true);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
  });
});

describe("headroom analyze --output table", () => {
  // the Summary's own pods as pod objects, and a hard threshold the node is past
  const statPods = (
    input.summary as { pods: { podRef: { name: string; namespace: string; uid: string }; containers: { name: string }[] }[] }
  ).pods;
  const pressured = {
    ...input,
    pods: statPods.map((p) => ({
      metadata: { ...p.podRef },
      spec: { containers: p.containers.map((c) => ({ name: c.name })) },
      status: { phase: "Running" },
    })),
    kubeletConfig: { evictionHard: { "memory.available": "99%" } },
  };
  it("leads with the verdict and the replay, and leaves out signals without a threshold unless --all", () => {
    const r = run(["analyze", write("pressured.json", JSON.stringify(pressured)), "--output", "table"]);
    expect(r.status).toBe(0);
    const lines = r.stdout.split("\n").filter((l) => !/^(Note: | {6})/.test(l));
    expect(lines[1]).toMatch(/^Verdict: memory\.available is past its threshold: the kubelet evicts \S+ first/);
    expect(lines[2]).toMatch(/^Replay memory\.available: evicts /);
    const out = analyzeNode(pressured);
    const without = out.signals.filter((s) => s.thresholds.length === 0).map((s) => s.signal);
    expect(without.length).toBeGreaterThan(0);
    for (const s of without) expect(r.stdout).not.toMatch(new RegExp(`^${s.replace(".", "\\.")} `, "m"));
    expect(r.stdout).toContain(`(${without.length} signals without a threshold not shown; --all shows them)`);
    const all = run(["analyze", write("pressured.json", JSON.stringify(pressured)), "--output", "table", "--all"]);
    for (const s of without) expect(all.stdout).toMatch(new RegExp(`^${s.replace(".", "\\.")} `, "m"));
  });
});

describe("headroom analyze: the operator's path through the hints", () => {
  const nodeList = fixture("nodes/nri-minikube-1.35-nodelist.json");
  it("a NodeList under node is refused with the jq that fixes it, and that jq's output keeps the allocatable table", () => {
    const literal = run(["analyze", "-", "-o", "table"], JSON.stringify({ node: nodeList, summary: input.summary }));
    expect(literal.status).toBe(2);
    expect(literal.stderr).toBe(
      "headroom: node: is a List of 1 item(s), not a Node; give the Node itself, e.g. jq '{node: .items[0]}'\n",
    );
    const fixed = run(["analyze", "-", "-o", "table"], JSON.stringify({ node: nodesOf(nodeList)[0], summary: input.summary }));
    expect(fixed.status).toBe(0);
    expect(fixed.stdout).toMatch(/^RESOURCE\s+KUBE-RESERVED/m);
    // cpu in millicores, as the UI prints it (the node has 14 cpus)
    expect(fixed.stdout).toMatch(/^cpu\s+-\s+-\s+-\s+14000m$/m);
  });
  it("says the thresholds are defaults, and that the node's own allocatable contradicts them", () => {
    const r = run(["analyze", "-", "-o", "table"], JSON.stringify({ node: nodesOf(nodeList)[0], summary: input.summary }));
    const note = r.stdout.split("\nVerdict:")[0]!.replace(/\n {6}/g, " ");
    expect(note).toContain("Note: Thresholds are the kubelet's defaults: no kubeletConfig or kubeletFlags was given");
    const out = analyzeNode({ node: nodesOf(nodeList)[0], summary: input.summary });
    const reported = (nodesOf(nodeList)[0] as { status: { allocatable: { memory: string } } }).status.allocatable.memory;
    expect(out.allocatable.memory).not.toBe(parseBytes(reported));
    expect(note).toMatch(
      /The node reports allocatable memory \S+ \(computed \S+\).*so these thresholds are likely not its own\./,
    );
    // with the node's configuration there is no defaults note
    expect(run(["analyze", write("cfg.json", JSON.stringify(input)), "-o", "table"]).stdout).not.toContain("kubelet's defaults");
  });
  it("prints the node's PSI as the node page does: cpu some avg10 75.83%", () => {
    const r = run(["analyze", write("psi.json", JSON.stringify(input)), "-o", "table"]);
    expect(r.stdout).toMatch(/^Node PSI \(share of time stalled; the kubelet does not evict on PSI\):$/m);
    expect(r.stdout).toMatch(/^cpu\s+75\.83%\s+38\.43%\s+10\.46%\s+72\.63%/m);
  });
  it("a nonsense file gets a clear message, not an unknown field", () => {
    const r = run(["analyze", write("nonsense.txt", "this is { not: json }\n")]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      'headroom: input: this is plain text ("this is { not"), not an input document; an input document is a JSON or YAML object such as {"node": ..., "pods": ..., "summary": ..., "kubeletConfig": ...}\n',
    );
  });
});
