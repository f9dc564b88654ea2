#!/usr/bin/env node
// `npm start`: build when the sources are newer than the last build, assemble the standalone
// server and run it, exactly as the container image does (`node server.js`), so what we test is
// what ships; `next start` does not support output: "standalone". The steps: scripts/built-server.mjs.
// Binds to loopback unless HOSTNAME says otherwise: Headroom shows cluster data and must not be
// exposed by accident (auth mode "none" refuses any other address).
import { spawn } from "node:child_process";

import { ensureBuilt, serverCommand } from "./built-server.mjs";

const built = ensureBuilt();
if (built !== 0) process.exit(built);
const { args, env } = serverCommand(process.env);
const child = spawn(process.execPath, args, { stdio: "inherit", env });
for (const sig of /** @type {const} */ (["SIGINT", "SIGTERM"])) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
