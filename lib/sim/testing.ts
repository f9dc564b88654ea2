// Helpers for the sim's own tests: run the real kubectl against a sim, with its own discovery
// cache so parallel test files never share one.
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { binaryPath, requireBinary } from "../../tests/test-binaries.mjs";

const KUBECTL = binaryPath("kubectl");

/** Throws one line naming kubectl's Debian package and its install command when kubectl is missing. */
export function requireKubectl(): void {
  requireBinary("kubectl");
}

/** Writes a kubeconfig to a fresh temp dir and returns a kubectl runner bound to it. */
export function kubectlFor(kubeconfig: string) {
  const dir = mkdtempSync(join(tmpdir(), "headroom-sim-"));
  const file = join(dir, "kubeconfig");
  writeFileSync(file, kubeconfig);
  const base = ["--kubeconfig", file, "--cache-dir", join(dir, "cache")];
  const run = (args: string[], timeoutMs = 20_000): Promise<{ code: number; stdout: string; stderr: string }> =>
    new Promise((resolve) => {
      execFile(KUBECTL, [...base, ...args], { timeout: timeoutMs, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
      });
    });
  const stream = (args: string[]) => {
    const child = spawn(KUBECTL, [...base, ...args]);
    let out = "";
    child.stdout.on("data", (d) => (out += String(d)));
    child.stderr.on("data", (d) => (out += String(d)));
    return { child, output: () => out };
  };
  return { file, run, stream };
}

/** Polls `check` until it returns true or the wall-clock timeout passes. */
export async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}
