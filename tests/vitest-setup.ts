// Vitest's global set-up (vitest.config.ts): the run's own temp directory (tests/run-tmpdir.mjs).
// It runs in Vitest's main process before the workers start, so they and every process a test
// starts inherit TMPDIR; the main process removes the directory as it exits.
import { makeRunTmpdir } from "./run-tmpdir.mjs";

export default function setup(): void {
  makeRunTmpdir("unit");
}
