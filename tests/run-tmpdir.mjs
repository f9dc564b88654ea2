// One temporary directory per run. Vitest (tests/vitest-setup.ts), Playwright (playwright.config.ts)
// and each bench (scripts/bench-*.ts) point TMPDIR at it before any test, server or child process
// starts, so every file a run writes under the system's temp directory (the tests' mkdtemp dirs,
// kubectl's caches, Prometheus' data, Chromium's profiles) lands in it, and the process that made
// it removes it as it exits. Before, each `npm test` left about 35 directories behind, one of them
// a 32 MiB Summary, and a developer's /tmp grew by a gigabyte every few dozen runs.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Names the run's directory to the processes it starts; they inherit the environment. */
export const RUN_TMPDIR_ENV = "HEADROOM_RUN_TMPDIR";

/**
 * Points TMPDIR at the run's directory, made here under the current temp directory unless a parent
 * process of the run made it already (Playwright's workers evaluate its config again). The process
 * that makes it removes it on exit: after Playwright has stopped its web servers, after Vitest's
 * workers, and also when a tool only reads the config (knip). Returns its path.
 * @param {string} runner "unit", "e2e" or "bench", in the directory's name
 */
export function makeRunTmpdir(runner) {
  let dir = process.env[RUN_TMPDIR_ENV];
  if (!dir) {
    const made = mkdtempSync(join(tmpdir(), `headroom-${runner}-run-`));
    process.on("exit", () => rmSync(made, { recursive: true, force: true, maxRetries: 3 }));
    dir = made;
  }
  process.env[RUN_TMPDIR_ENV] = dir;
  process.env.TMPDIR = dir;
  return dir;
}
