// Issue 29, item 6: the CLI's user errors are worded as such and exit 2, not "internal error"
// (exit 1, kept for bugs). The process as a user runs it, with no cluster configured: an empty
// HOME, no KUBECONFIG, not in a pod.
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { writeTemp } from "./helpers";

const ROOT = join(import.meta.dirname, "..", "..");
const HOME = mkdtempSync(join(tmpdir(), "headroom-no-cluster-"));
const run = (args: string[]) => {
  const r = spawnSync(process.execPath, [join(ROOT, "bin/headroom.mjs"), ...args], {
    encoding: "utf8",
    cwd: ROOT,
    env: { ...process.env, HOME, KUBECONFIG: "", KUBERNETES_SERVICE_HOST: "" },
  });
  return { status: r.status, stderr: r.stderr };
};

describe("headroom analyze: user errors exit 2 with a plain message", () => {
  it("--node ../../etc without a cluster names --node", () => {
    const r = run(["analyze", "--node", "../../etc"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^headroom: --node must be a Kubernetes node name .*, got "\.\.\/\.\.\/etc"/);
    expect(r.stderr).not.toMatch(/internal error/);
  });
  it.each(["Node-A", "a_b", "-a", "a..b", "x".repeat(254)])("--node %j is not a node name", (name) => {
    expect(run(["analyze", "--kubeconfig", "/nonexistent", "--node", name]).status).toBe(2);
  });
  it("a valid --node without any cluster says how to configure one", () => {
    const r = run(["analyze", "--node", "worker-1"]);
    expect(r).toEqual({
      status: 2,
      stderr:
        "headroom: no cluster configured: pass --kubeconfig FILE, set KUBECONFIG or create ~/.kube/config (or analyze a file: headroom analyze FILE)\n",
    });
  });
  it("a kubeconfig that is not YAML names the file, without quoting it (it may hold a token)", () => {
    const file = writeTemp("broken-kubeconfig", "users:\n- name: u\n  user: {token: sekrit-7f3a\n: [\n");
    const r = run(["analyze", "--kubeconfig", file, "--all-nodes"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^headroom: --kubeconfig ${file}: not a usable kubeconfig \\(`));
    expect(r.stderr).not.toMatch(/sekrit/);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
  });
  it("a kubeconfig without a current cluster names the file", () => {
    const file = writeTemp("empty-kubeconfig", "apiVersion: v1\nkind: Config\nclusters: []\ncontexts: []\nusers: []\n");
    expect(run(["analyze", "--kubeconfig", file, "--node", "n1"])).toEqual({
      status: 2,
      stderr: `headroom: --kubeconfig ${file}: not a usable kubeconfig (the kubeconfig has no current cluster)\n`,
    });
  });
  it("a proxy-url Headroom cannot reach through names the field and the cluster, never its password", () => {
    const file = writeTemp(
      "socks4-kubeconfig",
      `apiVersion: v1
kind: Config
clusters: [{name: prod, cluster: {server: "https://10.0.0.1:6443", proxy-url: "socks4://ops:hunter2@bastion:1080"}}]
users: [{name: u, user: {token: t}}]
contexts: [{name: x, context: {cluster: prod, user: u}}]
current-context: x
`,
    );
    expect(run(["analyze", "--kubeconfig", file, "--all-nodes"])).toEqual({
      status: 2,
      stderr: `headroom: --kubeconfig ${file}: not a usable kubeconfig (the kubeconfig's proxy-url of cluster "prod" uses the scheme "socks4:"; Headroom reaches a proxy by http, https, socks5 or socks5h)\n`,
    });
  });
});
