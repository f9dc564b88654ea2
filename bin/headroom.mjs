#!/usr/bin/env node
// Thin launcher: the CLI is TypeScript, run through tsx so it shares lib/eviction with the app.
import { join } from "node:path";
import { register } from "tsx/esm/api";

import "./register-server-only.mjs";

// The repository's tsconfig (its `@/` paths), whatever folder the command is run from.
register({ tsconfig: join(import.meta.dirname, "..", "tsconfig.json") });
const { main } = await import("./cli.ts");
process.exitCode = await main(process.argv.slice(2));
