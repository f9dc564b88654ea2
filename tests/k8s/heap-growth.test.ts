// Where an operator can give V8's heap growth their own value (lib/k8s/store/heap-growth.ts and
// docs/data-layer.md say: node's command line, never NODE_OPTIONS). Runs the node that runs the tests.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, args, { env: { ...process.env, NODE_OPTIONS: "", ...env }, encoding: "utf8" });

describe("--heap-growing-percent", () => {
  it("is taken on node's command line and shows in execArgv, where limitHeapGrowth looks", () => {
    const r = run(["--heap-growing-percent=0", "-e", "console.log(JSON.stringify(process.execArgv))"]);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toContain("--heap-growing-percent=0");
  });

  it("is refused in NODE_OPTIONS: node does not start", () => {
    const r = run(["-e", "console.log('started')"], { NODE_OPTIONS: "--heap-growing-percent=0" });
    expect(r.status).not.toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/--heap-growing-percent=? is not allowed in NODE_OPTIONS/);
  });
});
