#!/usr/bin/env node
// `npm run checks` (part of `npm test`): the static checks (Prettier, tsc, ESLint, knip) at the same
// time instead of one after the other. They read the same files and write nothing, so running them
// together changes nothing but the wall time (docs/ci-time.md). Each one's output is
// printed whole when it ends, under its name, so outputs never interleave; every check runs to its
// end even when another fails, all failures are listed, and the exit status is 1 if any failed.
import { Buffer } from "node:buffer";
import { spawn } from "node:child_process";

/** name → npm script (each stays runnable on its own: `npm run typecheck`, …) */
const CHECKS = ["format:check", "typecheck", "lint", "knip"];

/** @param {string} script @returns {Promise<{ script: string, code: number, seconds: number }>} */
function run(script) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"] });
    /** @type {Buffer[]} */
    const out = [];
    child.stdout.on("data", (d) => out.push(d));
    child.stderr.on("data", (d) => out.push(d));
    let ended = false;
    const done = (/** @type {number} */ code) => {
      if (ended) return;
      ended = true;
      const seconds = (Date.now() - started) / 1000;
      const text = Buffer.concat(out).toString().trimEnd();
      const status = code === 0 ? "ok" : `FAILED (exit ${code})`;
      process.stdout.write(`\n── ${script}: ${status} in ${seconds.toFixed(1)} s${text ? `\n${text}` : ""}\n`);
      resolve({ script, code, seconds });
    };
    child.on("error", (e) => {
      out.push(Buffer.from(String(e)));
      done(127);
    });
    child.on("close", (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}

const results = await Promise.all(CHECKS.map(run));
const failed = results.filter((r) => r.code !== 0).map((r) => r.script);
console.log(
  failed.length === 0
    ? `\nchecks: all ${CHECKS.length} passed (${CHECKS.join(", ")})`
    : `\nchecks: ${failed.length} of ${CHECKS.length} failed: ${failed.join(", ")}`,
);
process.exit(failed.length === 0 ? 0 : 1);
