import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename } from "node:path";
import { describe, expect, it } from "vitest";

import { RUN_TMPDIR_ENV } from "./run-tmpdir.mjs";

// The global set-up (tests/vitest-setup.ts) gives the run one temp directory, removed at its end;
// these hold it to reaching the tests and the processes they start.
describe("the run's temp directory", () => {
  it("is where this test's temp files go", () => {
    const dir = process.env[RUN_TMPDIR_ENV];
    expect(dir).toBeDefined();
    expect(basename(dir!)).toMatch(/^headroom-unit-run-/);
    expect(tmpdir()).toBe(dir);
    expect(existsSync(dir!)).toBe(true);
  });

  it("is inherited by a child process", () => {
    const child = execFileSync(process.execPath, ["-e", "process.stdout.write(require('node:os').tmpdir())"], {
      encoding: "utf8",
    });
    expect(child).toBe(process.env[RUN_TMPDIR_ENV]);
  });
});
