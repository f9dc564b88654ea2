#!/usr/bin/env node
// Playwright's Prometheus (playwright.config.ts): Debian's package scraping the e2e server's
// /metrics every second as job "headroom" with cluster="e2e", so the clusters page and the
// Prometheus-backed charts are tested against a real Prometheus. `npm test` installs it (scripts/test-setup.mjs).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { requireBinary } from "../tests/test-binaries.mjs";

let bin = "";
try {
  bin = requireBinary("prometheus");
} catch (e) {
  console.error(/** @type {Error} */ (e).message);
  process.exit(1);
}
const [listen, target] = process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), "headroom-e2e-prom-"));
mkdirSync(join(dir, "data"));
const config = {
  global: { scrape_interval: "1s", scrape_timeout: "1s" },
  scrape_configs: [{ job_name: "headroom", static_configs: [{ targets: [target], labels: { cluster: "e2e" } }] }],
};
writeFileSync(join(dir, "prometheus.yml"), JSON.stringify(config));
const child = spawn(
  bin,
  [`--config.file=${join(dir, "prometheus.yml")}`, `--storage.tsdb.path=${join(dir, "data")}`, `--web.listen-address=${listen}`],
  { stdio: "inherit" },
);
for (const sig of /** @type {const} */ (["SIGINT", "SIGTERM"])) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
