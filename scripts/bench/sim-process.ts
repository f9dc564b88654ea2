// The large simulated cluster in a child process of its own, the way Headroom meets a real
// cluster: its API server and kubelets do not share Headroom's event loop. Used by the data-layer
// and UI benchmarks.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

// BENCH_SIM_ROOT: another checkout's simulator, to measure two versions of Headroom against one
// cluster (docs/benchmarks.md compares this version with the one before PSI that way).
const root = process.env.BENCH_SIM_ROOT ?? join(import.meta.dirname, "..", "..");

/** The `large` scenario's parameters for a node count (30 pods a node: 150 000 pods at 5 000 nodes). */
export const largeParams = (nodes: number): string[] => [
  "--param",
  `nodes=${nodes}`,
  "--param",
  `deployments=${nodes}`,
  "--param",
  "replicas=29",
];

/**
 * The scenario to run: `large`, or with BENCH_PSI=0 a copy whose kubelets run with the KubeletPSI
 * gate off (no PSI in any Summary, as before 1.34), to weigh what PSI in the kubelets' answers costs.
 */
function scenario(kubeconfig: string): string {
  if (process.env.BENCH_PSI !== "0") return "large";
  const file = join(dirname(kubeconfig), "large-without-psi.yaml");
  const text = readFileSync(join(root, "lib/sim/scenarios/large.yaml"), "utf8");
  if (!text.includes("KubeletPSI: true")) throw new Error("large.yaml no longer sets KubeletPSI: true");
  writeFileSync(file, text.replace("KubeletPSI: true", "KubeletPSI: false"));
  return file;
}

/**
 * The simulator's environment: the bench's own, without the fixed glibc mmap threshold the bench
 * commands set for Headroom's process (MEMORY_ENV, scripts/built-server.mjs). The simulator stands
 * for the API server and the kubelets, and with that threshold each of its ~1 MB list pages and
 * 136 KiB Summaries became an mmap and a munmap of fresh pages: its 150 000-pod list took 40.9 and
 * 47.6 s against 24.8 and 30.6 s without, which every data and replicas figure since round seven
 * carried (docs/benchmark-rounds.md, round eight).
 */
export function simEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.MALLOC_MMAP_THRESHOLD_;
  return env;
}

/** Starts `npm run sim` for the large scenario, writing a full-access kubeconfig; resolves once it prints "ready". */
export function startSimProcess(nodes: number, kubeconfig: string): Promise<ChildProcess> {
  const args = [
    "lib/sim/main.ts",
    "--scenario",
    scenario(kubeconfig),
    "--kubeconfig",
    kubeconfig,
    "--token-scope",
    "full",
    ...largeParams(nodes),
  ];
  const child = spawn(join(root, "node_modules/.bin/tsx"), args, {
    cwd: root,
    env: simEnv(),
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d) => {
      out += String(d);
      if (out.includes("ready")) resolve(child);
    });
    child.on("exit", (code) => reject(new Error(`sim exited with ${code}: ${out}`)));
  });
}
