#!/usr/bin/env node
// kubectl plugin launcher: kubectl finds `kubectl-headroom` on PATH and runs it for `kubectl headroom …`.
// The same TypeScript CLI as bin/headroom.mjs, run through tsx.
import { join } from "node:path";
import { register } from "tsx/esm/api";

import "./register-server-only.mjs";

// The repository's tsconfig (its `@/` paths), whatever folder the command is run from.
register({ tsconfig: join(import.meta.dirname, "..", "tsconfig.json") });
const { kubectlMain } = await import("./cli-kubectl.ts");
process.exitCode = await kubectlMain(process.argv.slice(2));
