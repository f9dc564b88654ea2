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
// a moved or renamed file would otherwise silently leave both projects
for (const f of TIMED)
  if (!existsSync(new URL(f, import.meta.url))) throw new Error(`vitest.config.ts: TIMED lists ${f}, which does not exist`);

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
        test: { name: "unit", include: ALL, exclude: [...EXCLUDE, ...TIMED], maxWorkers: 2, sequence: { groupOrder: 0 } },
      },
      { extends: true, test: { name: "timed", include: TIMED, exclude: EXCLUDE, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
