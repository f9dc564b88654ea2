// `headroom analyze --kubeconfig FILE [--context C] (--node NAME | --all-nodes)`: the server's
// collection run once from the terminal (lib/k8s/io/oneshot.ts), printing analyze documents.
import { accessSync, constants, statSync } from "node:fs";

import { InputError } from "@/lib/eviction";

import { formatPercent, formatSignal } from "../lib/format";
import type { ClusterSource } from "../lib/k8s/io/client";
import { describeError, UnknownContextError } from "../lib/k8s/io/errors";
import type { NodeResult } from "../lib/k8s/io/oneshot";
import { worstMargins } from "../lib/k8s/store/to-engine";
import { readServer, serverSource } from "./cli-server";
import { formatTable, table } from "./format-table";

export interface ClusterArgs {
  kubeconfig?: string;
  context?: string;
  node?: string;
  allNodes: boolean;
  mode?: "direct" | "proxy";
  output: "json" | "table";
  /** Table: also the signals without a threshold. */
  all?: boolean;
  /** Read a Headroom deployment instead of the cluster (cli-server.ts). */
  server?: string;
  /** The bearer token for --server (else HEADROOM_TOKEN). */
  tokenFile?: string;
}

/** What was collected; `incomplete` when a replica owning some of the nodes did not answer (--server, exit 3). */
export interface Collected {
  results: NodeResult[];
  incomplete: boolean;
}

export type Io = { stdout: NodeJS.WritableStream & { isTTY?: boolean }; stderr: NodeJS.WritableStream };

/** A family's smallest margin as a cell: "1.2Gi (8.0%)", "-300Mi (-2.1% MET)", "-" without a threshold. */
export function margin(r: NodeResult, fam: "memory" | "disk" | "pid"): string {
  const w = r.analysis ? worstMargins(r.analysis)[fam] : null;
  if (!w) return "-";
  return `${formatSignal(w.signal, w.margin)} (${formatPercent(w.fraction)}${w.met ? " MET" : ""})`;
}

function fleetTable(results: NodeResult[]): string {
  const rows = [["NODE", "CONFIG", "MEMORY", "DISK", "PID", "PRESSURE", "COLLECTION"]];
  for (const r of results) {
    const c = r.analysis?.conditions;
    const pressure = c
      ? Object.entries(c)
          .filter(([, v]) => v)
          .map(([k]) => k)
          .join(",") || "-"
      : "?";
    rows.push([
      r.node,
      r.configSource,
      margin(r, "memory"),
      margin(r, "disk"),
      margin(r, "pid"),
      pressure,
      r.collectionError ?? "ok",
    ]);
  }
  return table(rows);
}

/** A kubeconfig file that cannot be read is bad input (exit 2) naming the file, not a network error. */
function checkKubeconfigFile(path: string): void {
  for (const file of path.split(":").filter(Boolean)) {
    try {
      accessSync(file, constants.R_OK);
      if (statSync(file).isDirectory()) throw Object.assign(new Error("is a directory"), { code: "EISDIR" });
    } catch (e) {
      throw new InputError(`--kubeconfig ${file}: cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
  }
}

// The kubeconfig and --context are the user's to fix (exit 2, naming them); only what happens
// after, talking to the cluster, is a collection failure (exit 1).
function checkKubeconfig(
  source: ClusterSource,
  a: Pick<ClusterArgs, "context">,
  loadKubeConfig: (s: ClusterSource, context?: string) => unknown,
): void {
  const what = source.kind === "file" ? `--kubeconfig ${source.path}` : "the kubeconfig (KUBECONFIG or ~/.kube/config)";
  try {
    loadKubeConfig(source, a.context);
  } catch (e) {
    if (e instanceof UnknownContextError)
      throw new InputError(`--context: ${JSON.stringify(a.context)} is not a context in ${what}`);
    if (source.kind === "in-cluster") throw e;
    // The first line only: a YAML error goes on to quote the file, which may hold a token.
    const firstLine = String((e as Error)?.message ?? e)
      .split("\n", 1)[0]!
      .trim();
    throw new InputError(`${what}: not a usable kubeconfig (${describeError({ message: firstLine })})`);
  }
}

/** Collects the cluster once (one node or all); null after printing why nothing could be collected. */
export async function collectCluster(a: Omit<ClusterArgs, "output">, io: Io): Promise<Collected | null> {
  if (a.server !== undefined) {
    if (a.kubeconfig || a.context || a.mode)
      throw new InputError("--server reads a Headroom deployment, not the cluster: drop --kubeconfig, --context and --mode");
    const read = await readServer(serverSource(a.server, a.tokenFile), a.allNodes ? undefined : a.node, io.stderr);
    for (const r of read?.results ?? []) if (r.collectionError) io.stderr.write(`headroom: ${r.node}: ${r.collectionError}\n`);
    return read;
  }
  if (a.tokenFile !== undefined) throw new InputError("--token-file goes with --server");
  if (a.kubeconfig) checkKubeconfigFile(a.kubeconfig);
  // The cluster client (@kubernetes/client-node) loads only here: --server needs none of it.
  const [{ loadKubeConfig }, { analyzeCluster }, { detectClusterSource }] = await Promise.all([
    import("../lib/k8s/io/client"),
    import("../lib/k8s/io/oneshot"),
    import("../lib/k8s/store/runtime"),
  ]);
  const source: ClusterSource | null = a.kubeconfig ? { kind: "file", path: a.kubeconfig } : detectClusterSource();
  if (!source)
    throw new InputError(
      "no cluster configured: pass --kubeconfig FILE, set KUBECONFIG or create ~/.kube/config (or analyze a file: headroom analyze FILE)",
    );
  checkKubeconfig(source, a, loadKubeConfig);
  let results: NodeResult[];
  try {
    results = await analyzeCluster({
      source,
      context: a.context,
      node: a.allNodes ? undefined : a.node,
      settings: a.mode ? { mode: a.mode } : {},
    });
  } catch (e) {
    io.stderr.write(`headroom: cannot collect from the cluster: ${describeError(e)}\n`);
    return null;
  }
  for (const r of results) if (r.collectionError) io.stderr.write(`headroom: ${r.node}: ${r.collectionError}\n`);
  return { results, incomplete: false };
}

/**
 * Runs the cluster form of `analyze`; returns the exit status: 0 ok, 1 when no node could be
 * analyzed, 3 (--server) when a replica owning some nodes did not answer (the others are printed).
 */
export async function runClusterAnalyze(a: ClusterArgs, io: Io): Promise<number> {
  const collected = await collectCluster(a, io);
  if (!collected) return 1;
  const { results } = collected;
  const ok = results.filter((r) => r.analysis);
  if (a.allNodes)
    io.stdout.write(
      a.output === "json"
        ? JSON.stringify(
            ok.map((r) => r.analysis),
            null,
            2,
          ) + "\n"
        : fleetTable(results),
    );
  else if (ok[0])
    io.stdout.write(
      a.output === "json" ? JSON.stringify(ok[0].analysis, null, 2) + "\n" : formatTable(ok[0].analysis!, { all: a.all }),
    );
  return collected.incomplete ? 3 : ok.length > 0 ? 0 : 1;
}
