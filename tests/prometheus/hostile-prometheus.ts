// A hostile "Prometheus" for the tests: a plain node:http server on loopback that answers every
// query with one prepared document (valid JSON, up to the client's 16 MiB cap), and a probe
// that measures how long /api/healthz takes and how far RSS climbs while Headroom reads it.
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";

import { GET as healthz } from "@/app/api/healthz/route";

/**
 * The source of a server answering every query_range with `n` series of one point, and every
 * query with `n` samples; `labels` is the source of a function from the series' index to its
 * labels. Run in a child process: like a real Prometheus, its work does not share Headroom's
 * event loop or heap.
 */
function serverSource(n: number, labels: string): string {
  return `
    const labels = ${labels};
    const t = Math.floor(Date.now() / 1000);
    const answer = (type) => {
      const parts = [];
      for (let i = 0; i < ${n}; i++) {
        const m = JSON.stringify(labels(i));
        parts.push(type === "matrix" ? '{"metric":' + m + ',"values":[[' + t + ',"' + i + '"]]}' : '{"metric":' + m + ',"value":[' + t + ',"' + i + '"]}');
      }
      return Buffer.from('{"status":"success","data":{"resultType":"' + type + '","result":[' + parts.join(",") + ']}}');
    };
    const range = answer("matrix"), instant = answer("vector");
    const server = require("node:http").createServer((req, res) => {
      req.resume();
      const body = req.url.startsWith("/api/v1/query_range") ? range : instant;
      res.writeHead(200, { "content-type": "application/json", "content-length": body.length }).end(body);
    });
    server.listen(0, "127.0.0.1", () => process.stdout.write(JSON.stringify({ port: server.address().port, bytes: range.length }) + "\\n"));
  `;
}

export interface HostilePrometheus {
  url: string;
  /** The size of its query_range answer. */
  bytes: number;
  stop: () => void;
}

/** Starts a hostile "Prometheus" (see serverSource) on loopback in a child process. */
export async function startHostilePrometheus(n: number, labels: string): Promise<HostilePrometheus> {
  const child = spawn(process.execPath, ["-e", serverSource(n, labels)], { stdio: ["ignore", "pipe", "inherit"] });
  const line = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d) => {
      out += String(d);
      if (out.includes("\n")) resolve(out);
    });
    child.on("exit", (code) => reject(new Error(`hostile Prometheus exited (${code})`)));
  });
  const { port, bytes } = JSON.parse(line) as { port: number; bytes: number };
  return { url: `http://127.0.0.1:${port}`, bytes, stop: () => void child.kill() };
}

export interface ProbeFigures {
  /** The slowest /api/healthz answer while the probe ran, in ms. */
  healthzMaxMs: number;
  /** The longest the event loop was held, in ms. */
  loopMaxMs: number;
  /** RSS at the start and its peak, in MiB. */
  rssStartMiB: number;
  rssPeakMiB: number;
}

/**
 * Asks /api/healthz (the route itself, through a loopback server) back to back and samples RSS
 * until stopped. A request in flight when the event loop is held answers only after it: the
 * slowest answer is the longest a liveness probe would have waited.
 */
export async function probeWhile<T>(work: () => Promise<T>): Promise<{ result: T; figures: ProbeFigures }> {
  const server = createServer(async (_req, res) => {
    const r = healthz();
    res.writeHead(r.status, { "content-type": "application/json" }).end(await r.text());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const { port } = server.address() as { port: number };
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const mib = () => process.memoryUsage.rss() / 2 ** 20;
  const figures: ProbeFigures = { healthzMaxMs: 0, loopMaxMs: 0, rssStartMiB: mib(), rssPeakMiB: mib() };
  let running = true;
  const ping = async () => {
    while (running) {
      const t0 = performance.now();
      const r = await fetch(`http://127.0.0.1:${port}/api/healthz`);
      await r.text();
      figures.healthzMaxMs = Math.max(figures.healthzMaxMs, performance.now() - t0);
      figures.rssPeakMiB = Math.max(figures.rssPeakMiB, mib());
    }
  };
  // One request to warm the connection up, so the first measured one is not a cold start.
  await fetch(`http://127.0.0.1:${port}/api/healthz`).then((r) => r.text());
  loop.enable();
  const pinging = ping();
  try {
    const result = await work();
    return { result, figures };
  } finally {
    running = false;
    await pinging;
    loop.disable();
    figures.loopMaxMs = loop.max / 1e6;
    await new Promise<void>((r) => server.close(() => r()));
  }
}
