// Loaded before server.js (`node --import ./headroom-log-preload.mjs server.js`; scripts/start.mjs
// and the Dockerfile): Next prints its start-up lines ("▲ Next.js …", "✓ Ready in …") before
// instrumentation.ts runs, so before lib/server/log.ts takes console over. Until then this makes each
// console call one JSON object per line too, in the same shape.
import { format, stripVTControlCharacters } from "node:util";

for (const [method, level] of /** @type {const} */ ([
  ["log", "info"],
  ["info", "info"],
  ["debug", "debug"],
  ["warn", "warn"],
  ["error", "error"],
])) {
  console[method] = (/** @type {unknown[]} */ ...args) => {
    const msg = stripVTControlCharacters(format(...args))
      .replace(/^\s*[⨯⚠✓○▲]\s*/u, "")
      .replace(/\s*\n\s*/g, " ")
      .trim();
    const line = JSON.stringify({ time: new Date().toISOString(), level, msg: msg || "(empty console line)" });
    (level === "warn" || level === "error" ? process.stderr : process.stdout).write(`${line}\n`);
  };
}
