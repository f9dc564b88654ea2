import js from "@eslint/js";
import nextPlugin from "@next/eslint-plugin-next";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const NO_SIM = {
  group: ["@/lib/sim", "@/lib/sim/*", "**/lib/sim/*", "../sim/*", "../../sim/*"],
  message: "Only the start-up switch may import lib/sim.",
};
// Outside lib/eviction the engine is reached through its public entry, lib/eviction/index.ts (and the
// advisor's, lib/eviction/advisor/index.ts); tests may reach its builders (lib/eviction/testing.ts).
// lib/eviction/client.ts is the small entry for first-paint code (constants, parsers, signal
// names): the barrel would put the whole engine into every page's first-load JS.
const ENGINE_ENTRY = {
  group: [
    "@/lib/eviction/*",
    "!@/lib/eviction/advisor",
    "!@/lib/eviction/client",
    "**/eviction/*",
    "!**/eviction/advisor",
    "!**/eviction/client",
    "!**/eviction/testing",
    "!**/eviction/index",
  ],
  message: 'Import the engine from its public entry, "@/lib/eviction" (or "@/lib/eviction/client" for its small helpers).',
};

// client-node's own entry loads its whole generated API (+86 MiB per process); Headroom's code takes
// its values from the tree-shaken bundle through lib/k8s/io/client-node.ts, its types from the package.
// Tests may use the whole package: the simulator is tested against the real client.
const CLIENT_NODE = {
  group: ["@kubernetes/client-node", "@kubernetes/client-node/*", "@headroom/client-node"],
  allowTypeImports: true,
  message: 'Import client-node values from "@/lib/k8s/io/client-node" (add the export there).',
};

export default tseslint.config(
  {
    ignores: [".next/**", "node_modules/**", "next-env.d.ts", "test-results/**", "playwright-report/**", "artifacts/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  nextPlugin.configs["core-web-vitals"],
  {
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "react-hooks/exhaustive-deps": "error",
      // We do not run the React Compiler; this only reports libraries it would skip (TanStack Virtual).
      "react-hooks/incompatible-library": "off",
    },
  },
  {
    // The engine is shared by server, browser, CLI and simulator: it must stay pure TypeScript.
    files: ["lib/eviction/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["react", "react-dom", "react/*"], message: "lib/eviction is pure: no React." },
            { group: ["next", "next/*"], message: "lib/eviction is pure: no Next.js." },
            { group: ["@kubernetes/*"], message: "lib/eviction owns its Kubernetes types (k8s-types.ts)." },
            {
              group: ["server-only", "@/lib/k8s/*", "@/lib/sim/*", "../k8s/*", "../sim/*", "../../k8s/*", "../../sim/*"],
              message: "lib/eviction does no I/O.",
            },
            {
              group: ["node:*", "fs", "http", "https", "net", "child_process"],
              message: "lib/eviction runs in the browser too.",
            },
          ],
        },
      ],
      "no-restricted-globals": ["error", { name: "fetch", message: "lib/eviction does no I/O." }],
      "no-restricted-properties": ["error", { object: "Date", property: "now", message: "Pass `now` in." }],
    },
  },
  {
    // The app must not be able to tell the simulated cluster from a real one.
    files: ["lib/k8s/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [NO_SIM, ENGINE_ENTRY, CLIENT_NODE] }],
    },
  },
  {
    // The rest of lib/ (and the CLI and scripts) also reach the engine only through its entry.
    files: ["lib/**", "bin/**", "scripts/**"],
    ignores: ["lib/eviction/**", "lib/k8s/**", "**/*.test.ts", "lib/sim/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [ENGINE_ENTRY, CLIENT_NODE] }],
    },
  },
  {
    // Pages and components also use the engine only through its public entry, lib/eviction/index.ts.
    files: ["app/**", "components/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [NO_SIM, ENGINE_ENTRY, CLIENT_NODE],
        },
      ],
    },
  },
);
