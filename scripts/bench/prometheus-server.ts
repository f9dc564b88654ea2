// Starts Debian's Prometheus on loopback for the integration tests and the history bench, scraping
// the given targets every second into a fresh TSDB (or serving an existing one). `npm test`
// installs it (scripts/test-setup.mjs); otherwise apt-get install prometheus.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { binaryPath, requireBinary } from "../../tests/test-binaries.mjs";

const PROMETHEUS = binaryPath("prometheus");

/** A free loopback port (bound, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

export interface RunningPrometheus {
  url: string;
  stop: () => Promise<void>;
}

export interface Target {
  address: string;
  /** Labels added to the target's series (e.g. the `cluster` of a shared Prometheus). */
  labels?: Record<string, string>;
}

/** Runs Prometheus scraping `targets` (host:port) as job "headroom" every second; `tsdb` reuses a data directory. */
export async function startPrometheus(targets: (string | Target)[], tsdb?: string): Promise<RunningPrometheus> {
  requireBinary("prometheus");
  const dir = mkdtempSync(join(tmpdir(), "headroom-prom-"));
  const config = join(dir, "prometheus.yml");
  const statics = targets.map((t) =>
    typeof t === "string" ? { targets: [t] } : { targets: [t.address], labels: t.labels ?? {} },
  );
  // JSON is YAML: the config is written as one JSON document.
  writeFileSync(
    config,
    JSON.stringify({
      global: { scrape_interval: "1s", scrape_timeout: "1s" },
      scrape_configs: [{ job_name: "headroom", static_configs: statics }],
    }),
  );
  const port = await freePort();
  const child: ChildProcess = spawn(
    PROMETHEUS,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${tsdb ?? join(dir, "data")}`,
      "--storage.tsdb.retention.time=30d",
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let log = "";
  child.stderr!.on("data", (d) => (log = (log + String(d)).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  const end = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prometheus exited (${child.exitCode}): ${log}`);
    const ok = await fetch(`${url}/-/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > end) throw new Error(`prometheus not ready after 30 s: ${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
