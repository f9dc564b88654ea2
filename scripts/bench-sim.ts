// `npm run bench` (second half): the simulated cluster at scale. Starts the `large` scenario at
// 5 000 nodes / 150 000 pods, prints start-up time and RSS, then times the real kubectl listing
// every pod as JSON against it. Prints figures; asserts nothing (targets are checked by reading
// the output, not by timed tests). Exits by itself once the sim is closed.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

import { startSim } from "../lib/sim";
import { printedLines, recordBench } from "./bench/report";

const KUBECTL = process.env.KUBECTL ?? "/usr/bin/kubectl";
// large.yaml: `nodes` nodes, `deployments` x `replicas` pods plus one DaemonSet pod per node.
const NODES = Number(process.env.BENCH_NODES ?? 5000);
const REPLICAS = Number(process.env.BENCH_REPLICAS ?? 29);
const params = { nodes: NODES, deployments: NODES, replicas: REPLICAS };

const mib = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MiB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Runs `kubectl --kubeconfig F ARGS > /dev/null` (asynchronously: the sim serves from this process). */
function timeKubectl(kubeconfig: string, cacheDir: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    // KUBECACHEDIR keeps kubectl's discovery cache in the temp dir instead of ~/.kube/cache.
    const child = spawn(KUBECTL, ["--kubeconfig", kubeconfig, ...args], {
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, KUBECACHEDIR: cacheDir },
    });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += String(d)));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(performance.now() - t0);
      else reject(new Error(`kubectl ${args.join(" ")} exited ${code}: ${stderr.trim()}`));
    });
  });
}

const dir = mkdtempSync(join(tmpdir(), "headroom-bench-sim-"));
const rssBefore = process.memoryUsage().rss;
const t0 = performance.now();
const sim = await startSim({ scenario: "large", params });
const startMs = performance.now() - t0;
try {
  const afterStart = process.memoryUsage();
  console.log(`sim bench: large scenario, ${sim.cluster.nodes.length} nodes, ${sim.cluster.stores.pods.size} pods`);
  console.log(`  start-up (startSim):          ${secs(startMs)}`);
  console.log(
    `  RSS after start:              ${mib(afterStart.rss)}  (${mib(afterStart.rss - rssBefore)} for the sim; heap used ${mib(afterStart.heapUsed)})`,
  );

  const kubeconfig = join(dir, "kubeconfig");
  writeFileSync(kubeconfig, sim.kubeconfigYaml, { mode: 0o600 });
  const args = ["get", "pods", "-A", "-o", "json"];
  // One run: most of it is kubectl decoding and re-encoding ~150 000 pods (several GiB of RSS on
  // its side), not the sim; a warm discovery cache changes little.
  const ms = await timeKubectl(kubeconfig, join(dir, "cache"), args);
  console.log(`  kubectl get pods -A -o json:  ${secs(ms)}  (> /dev/null, default --chunk-size 500)`);
  console.log(`  peak RSS (sim process):       ${mib(process.resourceUsage().maxRSS * 1024)}`);
} finally {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
}
recordBench("Simulator (scripts/bench-sim.ts)", printedLines());
