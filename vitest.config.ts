import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Files that measure wall time (a server's /api/healthz latency, the event loop's longest pause, a
// client timeout's bounds) run after all the others, one at a time, so another test file's load never
// counts in their figures. Everything else runs on two workers: Vitest's default on a 2-core machine
// is one (cores − 1), and most files wait on a child process, a socket or Prometheus, not on the CPU
// (docs/ci-time.md).
const TIMED = [
  "tests/prometheus/hostile-prometheus.test.ts",
  "tests/hostile/slow-clients.test.ts",
  "tests/hostile/analyze-memory.test.ts",
  "app/api/analyze/thread.test.ts",
  "lib/eviction/quantities/go-parse.test.ts",
];
// Files that install a process-wide hook (a diagnostics-channel subscriber on every HTTP server of the
// process, as the front door does at start-up) and cannot take it back: they run with a process of
// their own each, after the others. Every other file shares its worker process with the files before
// it (isolate: false): a new process and a new module graph per file cost about 1.4 s a file, 80 s of
// the unit step (docs/ci-time.md). tests/vitest-file-guard.ts fails a shared file that leaves such a
// hook, or a changed environment, behind.
const PROCESS_HOOKS = [
  "lib/http/front-door.forwarded.test.ts",
  "lib/http/request-activity.test.ts",
  "lib/http/compress-responses.test.ts",
];
// a moved or renamed file would otherwise silently leave its project
for (const f of [...TIMED, ...PROCESS_HOOKS])
  if (!existsSync(new URL(f, import.meta.url))) throw new Error(`vitest.config.ts lists ${f}, which does not exist`);

const ALL = [
  "lib/**/*.test.ts",
  "components/**/*.test.ts",
  "app/**/*.test.ts",
  "bin/**/*.test.ts",
  "scripts/**/*.test.ts",
  "tests/**/*.test.ts",
];
const EXCLUDE = ["e2e/**", "node_modules/**"];

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL(".", import.meta.url)),
      // Next.js swaps `server-only` for an empty module on the server; tests run server code too.
      "server-only": fileURLToPath(new URL("node_modules/next/dist/compiled/server-only/empty.js", import.meta.url)),
    },
  },
  test: {
    testTimeout: 30_000,
    // Heap bounds (lib/k8s/documents/terminations.test.ts and others) collect garbage before measuring.
    execArgv: ["--expose-gc"],
    // the run's own temp directory, removed at the end (tests/run-tmpdir.mjs)
    globalSetup: ["tests/vitest-setup.ts"],
    // each project lists its own files: a list given at the top would be added to both
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ALL,
          exclude: [...EXCLUDE, ...TIMED, ...PROCESS_HOOKS],
          maxWorkers: 2,
          isolate: false,
          setupFiles: ["tests/vitest-file-guard.ts"],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: "hooks", include: PROCESS_HOOKS, exclude: EXCLUDE, maxWorkers: 2, sequence: { groupOrder: 1 } },
      },
      { extends: true, test: { name: "timed", include: TIMED, exclude: EXCLUDE, maxWorkers: 1, sequence: { groupOrder: 2 } } },
    ],
  },
});
