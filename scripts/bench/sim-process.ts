// The large simulated cluster in a child process of its own, the way Headroom meets a real
// cluster: its API server and kubelets do not share Headroom's event loop. Used by the data-layer
// and UI benchmarks.
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";

const root = join(import.meta.dirname, "..", "..");

/** The `large` scenario's parameters for a node count (30 pods a node: 150 000 pods at 5 000 nodes). */
export const largeParams = (nodes: number): string[] => [
  "--param",
  `nodes=${nodes}`,
  "--param",
  `deployments=${nodes}`,
  "--param",
  "replicas=29",
];

/** Starts `npm run sim` for the large scenario, writing a full-access kubeconfig; resolves once it prints "ready". */
export function startSimProcess(nodes: number, kubeconfig: string): Promise<ChildProcess> {
  const args = [
    "lib/sim/main.ts",
    "--scenario",
    "large",
    "--kubeconfig",
    kubeconfig,
    "--token-scope",
    "full",
    ...largeParams(nodes),
  ];
  const child = spawn(join(root, "node_modules/.bin/tsx"), args, { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d) => {
      out += String(d);
      if (out.includes("ready")) resolve(child);
    });
    child.on("exit", (code) => reject(new Error(`sim exited with ${code}: ${out}`)));
  });
}
