// `kubectl headroom …`: the headroom CLI as a kubectl plugin (kubectl runs `kubectl-headroom` from
// PATH with the words after `headroom`). It speaks kubectl's dialect (`node NAME`, `nodes`,
// `-o json|wide`, `--context`, `--kubeconfig`) and hands the work to the same code as `headroom analyze`.
import { InputError } from "@/lib/eviction";

import { main } from "./cli";
import { collectCluster, type Io } from "./cli-cluster";
import { nodesTable, sortWorstFirst } from "./kubectl-nodes";

const USAGE = `usage: kubectl headroom nodes [-o json|wide] [--context C] [--kubeconfig FILE | --server URL [--token-file FILE]]
       kubectl headroom node NAME [-o json|wide] [--context C] [--kubeconfig FILE | --server URL [--token-file FILE]]
       kubectl headroom analyze FILE|- [-o json|wide] [--now RFC3339]

nodes:   every node, the smallest margin to an eviction threshold first
node:    one node: verdict, eviction replay, allocatable, signals and the eviction order
analyze: a node's input document from a file (see docs/analyze-contract.md)
-o wide adds columns (nodes) or the signals without a threshold (node, analyze).
--server reads a running Headroom (not the API server) instead of the cluster: see docs/cli.md.`;

interface KubectlArgs {
  command: string;
  positional: string[];
  output: "table" | "json" | "wide";
  context?: string;
  kubeconfig?: string;
  now?: string;
  server?: string;
  tokenFile?: string;
}

function parse(argv: string[]): KubectlArgs {
  const [command = "", ...rest] = argv;
  const args: KubectlArgs = { command, positional: [], output: "table" };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    // kubectl's forms: `-o json`, `-ojson`, `-o=json`, `--output json`, `--output=json`.
    const short = /^-o=?(.+)$/.exec(arg);
    const [flag, inline] = short
      ? ["-o", short[1]]
      : arg.startsWith("--")
        ? (arg.split(/=(.*)/s, 2) as [string, string?])
        : [arg];
    const value = () => {
      const v = inline ?? rest[++i];
      if (v === undefined) throw new InputError(`${flag} needs a value`);
      return v;
    };
    if (flag === "-o" || flag === "--output") {
      const v = value();
      if (v !== "json" && v !== "wide") throw new InputError(`--output must be json or wide, got ${JSON.stringify(v)}`);
      args.output = v;
    } else if (flag === "--context") args.context = value();
    else if (flag === "--kubeconfig") args.kubeconfig = value();
    else if (flag === "--now") args.now = value();
    else if (flag === "--server") args.server = value();
    else if (flag === "--token-file") args.tokenFile = value();
    else if (arg.startsWith("-") && arg !== "-") throw new InputError(`unknown option ${flag}`);
    else args.positional.push(arg);
  }
  return args;
}

/** Arguments of `headroom analyze` for the cluster flags given. */
function clusterFlags(a: KubectlArgs): string[] {
  return [
    ...(a.kubeconfig ? ["--kubeconfig", a.kubeconfig] : []),
    ...(a.context ? ["--context", a.context] : []),
    ...(a.server !== undefined ? ["--server", a.server] : []),
    ...(a.tokenFile !== undefined ? ["--token-file", a.tokenFile] : []),
  ];
}

function outputFlags(a: KubectlArgs): string[] {
  return a.output === "json" ? ["--output", "json"] : ["--output", "table", ...(a.output === "wide" ? ["--all"] : [])];
}

async function nodes(a: KubectlArgs, io: Io): Promise<number> {
  if (a.positional.length > 0) throw new InputError(`nodes takes no argument, got ${JSON.stringify(a.positional[0])}`);
  const collected = await collectCluster(
    { kubeconfig: a.kubeconfig, context: a.context, server: a.server, tokenFile: a.tokenFile, allNodes: true },
    io,
  );
  if (!collected) return 1;
  const { results } = collected;
  const sorted = sortWorstFirst(results);
  io.stdout.write(
    a.output === "json"
      ? JSON.stringify(
          sorted.flatMap((r) => r.analysis ?? []),
          null,
          2,
        ) + "\n"
      : nodesTable(sorted, a.output === "wide"),
  );
  return collected.incomplete ? 3 : results.some((r) => r.analysis) ? 0 : 1;
}

/** Runs `kubectl headroom <command> …`; returns the exit status (0 ok, 1 nothing collected, 2 bad usage or input, 3 a replica did not answer). */
export async function kubectlMain(argv: string[], io: Io = { stdout: process.stdout, stderr: process.stderr }): Promise<number> {
  if (argv.length === 0 || ["help", "--help", "-h"].includes(argv[0]!)) {
    io.stdout.write(USAGE + "\n");
    return argv.length === 0 ? 2 : 0;
  }
  try {
    const a = parse(argv);
    if (a.command === "nodes") return await nodes(a, io);
    if (a.command === "node") {
      if (a.positional.length !== 1) throw new InputError("node takes exactly one NAME");
      return await main(["analyze", "--node", a.positional[0]!, ...clusterFlags(a), ...outputFlags(a)], io);
    }
    if (a.command === "analyze") {
      if (a.positional.length !== 1) throw new InputError("analyze takes exactly one FILE (- for standard input)");
      if (a.kubeconfig || a.context || a.server !== undefined)
        throw new InputError("analyze FILE reads no cluster: drop --context/--kubeconfig/--server, or use node NAME");
      return await main(["analyze", a.positional[0]!, ...outputFlags(a), ...(a.now ? ["--now", a.now] : [])], io);
    }
    throw new InputError(`unknown command ${JSON.stringify(a.command)}`);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    io.stderr.write(`kubectl headroom: ${e.message} (${USAGE.split("\n")[0]})\n`);
    return 2;
  }
}
