// The CLI as a process (issue 14): the body cap on standard input and files, and a kubeconfig
// that cannot be read named as bad input (exit 2) instead of a network error (exit 1).
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { MAX_DOCUMENT_BYTES } from "@/lib/contract/document";

import { validDoc, writeTemp } from "./helpers";

const ROOT = join(import.meta.dirname, "..", "..");
const run = (args: string[], input?: string | Buffer) =>
  spawnSync(process.execPath, [join(ROOT, "bin/headroom.mjs"), ...args], {
    input,
    encoding: "utf8",
    cwd: ROOT,
    maxBuffer: 64 * 2 ** 20,
  });

describe("headroom analyze input limits", () => {
  it("refuses standard input past the cap with exit 2, and reads a document just under it whole", () => {
    const doc = JSON.stringify(validDoc());
    const over = Buffer.alloc(MAX_DOCUMENT_BYTES + 10, 32);
    over.write(doc, 0);
    const r = run(["analyze", "-", "--output", "json"], over);
    expect([r.status, r.stderr]).toEqual([2, `headroom: stdin: larger than ${MAX_DOCUMENT_BYTES} bytes\n`]);
    const under = Buffer.alloc(MAX_DOCUMENT_BYTES - 10, 32);
    under.write(doc, 0);
    const ok = run(["analyze", "-", "--output", "json"], under);
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout).pods).toHaveLength(1);
  }, 60_000);

  it("refuses a file past the cap with exit 2", () => {
    const r = run(["analyze", writeTemp("over.json", Buffer.alloc(MAX_DOCUMENT_BYTES + 1, 32)), "--output", "json"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/larger than 33554432 bytes/);
  });

  it("names a kubeconfig that does not exist (exit 2)", () => {
    const r = run(["analyze", "--kubeconfig", "/nonexistent/kubeconfig", "--node", "n1"]);
    expect([r.status, r.stderr]).toEqual([2, "headroom: --kubeconfig /nonexistent/kubeconfig: cannot read (ENOENT)\n"]);
  });
});
