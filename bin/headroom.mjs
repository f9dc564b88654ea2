#!/usr/bin/env node
// Thin launcher: the CLI is TypeScript, run through tsx so it shares lib/eviction with the app.
import { register } from "tsx/esm/api";

import "./register-server-only.mjs";

register();
const { main } = await import("./cli.ts");
process.exitCode = await main(process.argv.slice(2));
