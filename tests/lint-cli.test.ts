// `headroom lint` as a process, exactly as CI runs it: every real capture lints without an error,
// crafted broken configs fail with the right rule and exit status, unreadable input exits 2.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { fixture, fixtureFiles, nodesOf } from "./fixtures";

const ROOT = join(import.meta.dirname, "..");
const dir = mkdtempSync(join(tmpdir(), "headroom-lint-"));
// Each case starts the CLI (node + tsx) as a process: seconds each, much more on a loaded machine.

function lint(args: string[], stdin?: string) {
  const r = spawnSync(process.execPath, [join(ROOT, "bin/headroom.mjs"), "lint", ...args], {
    input: stdin,
    encoding: "utf8",
    cwd: ROOT,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
function write(name: string, content: unknown): string {
  const p = join(dir, name);
  writeFileSync(p, typeof content === "string" ? content : JSON.stringify(content));
  return p;
}
type LintDoc = {
  file: string;
  findings: { rule: string; severity: string; message: string; source: string; fix: { yaml?: string } | null }[];
}[];
const json = (stdout: string) => JSON.parse(stdout) as LintDoc;

const REAL_CONFIGS = [
  ...fixtureFiles("configz"),
  ...fixtureFiles("kubelet-config-files").filter((f) => !f.endsWith(".text.json")),
];

describe("headroom lint on the real captures", { timeout: 180_000 }, () => {
  it("every real config file and /configz answer, in one run as CI would: no error, exit 0", () => {
    const files = REAL_CONFIGS.map((path) => write(path.replaceAll("/", "_"), fixture(path)));
    const r = lint([...files, "-o", "json"]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const docs = json(r.stdout);
    expect(docs.map((d) => d.file)).toEqual(files);
    for (const d of docs) expect(d.findings.filter((f) => f.severity === "error")).toEqual([]);
    // the one kind of finding they do carry: evictionHard without the imagefs defaults, as info
    expect(new Set(docs.flatMap((d) => d.findings.map((f) => `${f.rule}:${f.severity}`)))).toEqual(
      new Set(["partial-eviction-hard:info"]),
    );
  });
  it("the AKS kubelet flag line (stdin): the --eviction-hard it sets keeps its 750Mi, no error", () => {
    const { raw } = fixture<{ raw: string }>("kubelet-config-files/learnk8s-aks-2022-kubelet-flags.text.json");
    const r = lint(["-", "-o", "json"], raw);
    expect(r.status).toBe(0);
    const [doc] = json(r.stdout);
    expect(doc!.findings.map((f) => `${f.rule}:${f.severity}`)).toEqual(["partial-eviction-hard:info"]);
    expect(doc!.findings[0]!.fix?.yaml).toContain('memory.available: "750Mi"');
  });
  it("a real configz with the real Node it came with (--node): no error", () => {
    const node = write("node.json", nodesOf(fixture("nodes/nri-minikube-1.35-nodelist.json"))[0]);
    const r = lint([write("kubeadm.json", fixture("configz/kubeadm-k8s-node-01.json")), "--node", node]);
    expect(r.status).toBe(0);
    expect(r.stdout).not.toContain(": error ");
  });
});

describe("headroom lint on crafted broken configs", { timeout: 180_000 }, () => {
  it("a config file that sets only memory.available: error, exit 1, text names the rule and the fix", () => {
    const file = write(
      "partial.yaml",
      "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nevictionHard:\n  memory.available: 500Mi\n",
    );
    const r = lint([file]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(`${file}: error partial-eviction-hard: evictionHard sets memory.available only`);
    expect(r.stdout).toContain("source: cmd/kubelet/app/server.go");
    expect(r.stdout).toContain('      nodefs.available: "10%"');
  });
  it("a soft threshold without a grace period: config-invalid, exit 1", () => {
    const r = lint([
      write("nograce.json", { kind: "KubeletConfiguration", evictionSoft: { "memory.available": "1Gi" } }),
      "-o",
      "json",
    ]);
    expect(r.status).toBe(1);
    expect(json(r.stdout)[0]!.findings[0]).toMatchObject({ rule: "config-invalid", severity: "error" });
  });
  it("an inflated hugepage threshold with the gate on, checked against --node: error", () => {
    const node = write("huge-node.json", {
      kind: "Node",
      metadata: { name: "dpdk-1" },
      status: {
        capacity: { cpu: "32", memory: "128Gi", pods: "110", "hugepages-1Gi": "16Gi" },
        nodeInfo: { kubeletVersion: "v1.37.1" },
      },
    });
    const cfg = write(
      "huge.yaml",
      "kind: KubeletConfiguration\nevictionHard:\n  memory.available: 16484Mi\n  nodefs.available: 10%\n  nodefs.inodesFree: 5%\n  imagefs.available: 15%\n  imagefs.inodesFree: 5%\n",
    );
    const r = lint([cfg, "--node", node, "-o", "json"]);
    expect(r.status).toBe(1);
    expect(json(r.stdout)[0]!.findings.map((f) => f.rule)).toEqual(["hugepages-counted-twice"]);
    // without the node the rule has nothing to compare with: clean
    expect(lint([cfg]).status).toBe(0);
  });
  it("warnings exit 0, and 1 with --strict", () => {
    const file = write("soft.json", {
      kind: "KubeletConfiguration",
      evictionHard: {
        "memory.available": "500Mi",
        "nodefs.available": "10%",
        "nodefs.inodesFree": "5%",
        "imagefs.available": "15%",
        "imagefs.inodesFree": "5%",
      },
      evictionSoft: { "memory.available": "400Mi" },
      evictionSoftGracePeriod: { "memory.available": "1m" },
    });
    expect(lint([file]).status).toBe(0);
    const strict = lint([file, "--strict"]);
    expect(strict.status).toBe(1);
    expect(strict.stdout).toContain("warning soft-not-above-hard");
  });
  it("a flag line with a partial --eviction-hard: error", () => {
    const r = lint([write("flags.txt", "KUBELET_ARGS=--eviction-hard=memory.available<1Gi --max-pods=110\n")]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("error partial-eviction-hard: --eviction-hard sets memory.available only");
  });
});

describe("headroom lint on unreadable input", { timeout: 180_000 }, () => {
  it("exits 2 on a missing file", () => {
    expect(lint([join(dir, "nope.yaml")])).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/nope\.yaml: cannot read \(ENOENT\)/),
    });
  });
  it("exits 2 on broken JSON", () => {
    expect(lint([write("broken.json", '{"evictionHard":')])).toMatchObject({
      status: 2,
      stderr: expect.stringContaining("not valid JSON"),
    });
  });
  it("exits 2 on a document that is no kubelet configuration", () => {
    const pod = lint([write("pod.json", { kind: "Pod", metadata: { name: "x" }, spec: { containers: [] } })]);
    expect(pod.status).toBe(2);
    expect(pod.stderr).toContain("not a KubeletConfiguration, a /configz answer or a kubelet flag line");
  });
  it("exits 2 on a bad option or no file", () => {
    expect(lint(["--bogus", "x"]).status).toBe(2);
  });
  it("still lints the readable files and exits 2 when one is unreadable", () => {
    const good = write("good.json", fixture("kubelet-config-files/learnk8s-doks-2022-kubelet-config.json"));
    const r = lint([good, join(dir, "missing.json")]);
    expect(r.status).toBe(2);
    expect(r.stdout).toContain(`${good}: no findings`);
  });
});
