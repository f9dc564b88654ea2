// Shared by the hostile-input tests: a small valid document, deep nesting as text, and the CLI
// run in-process.
// Runs the CLI's main() in-process with captured output, for tests that call it thousands of times.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const dir = mkdtempSync(join(tmpdir(), "headroom-hostile-"));

/** Writes a file in this run's temporary directory and returns its path. */
export function writeTemp(name: string, content: string | Uint8Array): string {
  const p = join(dir, name);
  writeFileSync(p, content);
  return p;
}

type Io = { stdout: typeof process.stdout; stderr: typeof process.stderr };
type Main = (argv: string[], io: Io) => Promise<number>;

/** Calls main(argv) and returns its exit status and what it wrote. */
export async function runCli(main: Main, argv: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const sink = <T>(append: (s: string) => void) => ({ write: (s: string) => (append(s), true), isTTY: false }) as unknown as T;
  const status = await main(argv, {
    stdout: sink<Io["stdout"]>((s) => (stdout += s)),
    stderr: sink<Io["stderr"]>((s) => (stderr += s)),
  });
  return { status, stdout, stderr };
}

const GI = 1024 ** 3;
/** A small valid input document. */
export const validDoc = () => ({
  node: { metadata: { name: "n1" }, status: { capacity: { cpu: "4", memory: "8Gi", pods: "110" } } },
  pods: [
    {
      metadata: { name: "p", namespace: "d", uid: "u" },
      spec: { containers: [{ name: "c", resources: { requests: { memory: "1Gi" } } }] },
      status: { phase: "Running" },
    },
  ],
  summary: { node: { memory: { availableBytes: GI, workingSetBytes: 7 * GI } }, pods: [] },
  kubeletConfig: { evictionHard: { "memory.available": "100Mi" } },
});

/** Builds `{"a": {"a": … leaf}}` nested `depth` levels as text, without recursion. */
export function nestedText(depth: number, leaf = "1"): string {
  return '{"a":'.repeat(depth) + leaf + "}".repeat(depth);
}
