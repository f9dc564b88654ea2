import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL(".", import.meta.url)),
      // Next.js swaps `server-only` for an empty module on the server; tests run server code too.
      "server-only": fileURLToPath(new URL("node_modules/next/dist/compiled/server-only/empty.js", import.meta.url)),
    },
  },
  test: {
    include: [
      "lib/**/*.test.ts",
      "components/**/*.test.ts",
      "app/**/*.test.ts",
      "bin/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/**/*.test.ts",
    ],
    exclude: ["e2e/**", "node_modules/**"],
    testTimeout: 30_000,
    // Heap bounds (lib/k8s/documents/terminations.test.ts and others) collect garbage before measuring.
    execArgv: ["--expose-gc"],
  },
});
