import { InputError } from "@/lib/eviction";

import { parseDocumentText } from "../lib/contract/document";
import { analyzeNode } from "../lib/eviction/index";
import { reportedAllocatable } from "../lib/words/analysis-notes";
import type { ClusterArgs, Io } from "./cli-cluster";
import { LINT_USAGE, runLint } from "./cli-lint";
import { formatTable } from "./format-table";
import { readInputCapped } from "./read-input";

const USAGE = `usage: headroom analyze FILE|- [--output json|table] [--all] [--now RFC3339]
       headroom analyze [--kubeconfig FILE] [--context C] (--node NAME | --all-nodes) [--mode direct|proxy] [--output json|table]
       headroom analyze --server URL [--token-file FILE] (--node NAME | --all-nodes) [--output json|table]

Reads a node's input document (JSON or YAML; see docs/analyze-contract.md), or collects it from a live
cluster (node, pods, kubelet summary and configz), and prints what the kubelet would do:
thresholds, allocatable, signals and margins, conditions, eviction rankings, replay. The table
leads with the verdict and the replay and leaves out signals without a threshold (--all shows them).
--server reads a running Headroom instead of the cluster (no kubelet load; token from --token-file
or HEADROOM_TOKEN); exit 3 when a replica owning some nodes did not answer (docs/cli.md).

${LINT_USAGE}

Checks kubelet settings (KubeletConfiguration YAML/JSON, a /configz answer, a kubelet flag line or
an input document) for the mistakes that evict or OOM-kill (docs/advisor.md); exits 0 clean, 1 with
errors (or warnings with --strict), 2 on unreadable input.`;

class UsageError extends Error {}

// A Node's name is a DNS subdomain (RFC 1123); anything else ("../../etc") is a typo or a probe,
// and is refused here rather than sent to the API server as a path.
const NODE_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

function nodeName(v: string): string {
  if (v.length > 253 || !NODE_NAME.test(v))
    throw new UsageError(
      `--node must be a Kubernetes node name (lowercase letters, digits, "-" and ".", at most 253 characters), got ${JSON.stringify(v.length > 64 ? `${v.slice(0, 64)}…` : v)}`,
    );
  return v;
}

interface AnalyzeArgs {
  file: string;
  output: "json" | "table";
  now?: string;
  /** Table: also signals without a threshold. */
  all?: boolean;
  cluster?: ClusterArgs;
}

function parseArgs(argv: string[], isTty: boolean): AnalyzeArgs {
  let file: string | undefined;
  let output: "json" | "table" = isTty ? "table" : "json";
  let now: string | undefined;
  let all = false;
  const cluster: Partial<ClusterArgs> = {};
  let clusterMode = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.startsWith("--") ? (arg.split(/=(.*)/s, 2) as [string, string?]) : [arg];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    if (flag === "--output" || flag === "-o") {
      const v = value();
      if (v !== "json" && v !== "table") throw new UsageError(`--output must be json or table, got ${JSON.stringify(v)}`);
      output = v;
    } else if (flag === "--now") now = value();
    else if (flag === "--all") all = true;
    else if (["--kubeconfig", "--context", "--node", "--all-nodes", "--server", "--token-file"].includes(flag)) {
      clusterMode = true;
      if (flag === "--kubeconfig") cluster.kubeconfig = value();
      else if (flag === "--server") cluster.server = value();
      else if (flag === "--token-file") cluster.tokenFile = value();
      else if (flag === "--context") cluster.context = value();
      else if (flag === "--node") cluster.node = nodeName(value());
      else cluster.allNodes = true;
    } else if (flag === "--mode") {
      const v = value();
      if (v !== "direct" && v !== "proxy") throw new UsageError(`--mode must be direct or proxy, got ${JSON.stringify(v)}`);
      cluster.mode = v;
    } else if (arg.startsWith("-") && arg !== "-") throw new UsageError(`unknown option ${flag}`);
    else if (file === undefined) file = arg;
    else throw new UsageError(`unexpected argument ${JSON.stringify(arg)}`);
  }
  if (clusterMode) {
    if (file !== undefined) throw new UsageError("give either FILE or --node/--all-nodes, not both");
    if (!cluster.node === !cluster.allNodes) throw new UsageError("give exactly one of --node NAME and --all-nodes");
    return { file: "", output, now, cluster: { ...cluster, allNodes: !!cluster.allNodes, output, all } };
  }
  if (file === undefined) throw new UsageError("missing FILE (use - for standard input)");
  return { file, output, now, all };
}

function readInput(file: string): string {
  return readInputCapped(file);
}

function oneLine(message: string): string {
  return message.replace(/\s*\n\s*/g, " ");
}

/** Runs `headroom <command> ...` and returns the exit status (0 ok, 2 bad input or usage). */
export async function main(argv: string[], io: Io = { stdout: process.stdout, stderr: process.stderr }): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "--help" || command === "-h" || command === "help") {
    io.stdout.write(USAGE + "\n");
    return 0;
  }
  if (command === "lint") return runLint(rest, io);
  try {
    if (command !== "analyze") throw new UsageError(command ? `unknown command ${JSON.stringify(command)}` : "missing command");
    const args = parseArgs(rest, !!io.stdout.isTTY);
    // The cluster client (@kubernetes/client-node and the data layer) loads only for a live
    // cluster: reading a file is most runs (CI pipelines), and loading it took ~3 s of each.
    if (args.cluster) return await (await import("./cli-cluster")).runClusterAnalyze(args.cluster, io);
    const doc = parseDocumentText(readInput(args.file), args.file === "-" ? "stdin" : args.file);
    if (args.now !== undefined && typeof doc === "object" && doc !== null && !Array.isArray(doc)) {
      (doc as Record<string, unknown>).now = args.now;
    }
    const result = analyzeNode(doc);
    const reported = reportedAllocatable((doc as { node?: unknown }).node);
    io.stdout.write(
      args.output === "json" ? JSON.stringify(result, null, 2) + "\n" : formatTable(result, { all: args.all, reported }),
    );
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr.write(`headroom: ${e.message} (${USAGE.split("\n")[0]})\n`);
      return 2;
    }
    if (e instanceof InputError) {
      io.stderr.write(`headroom: ${oneLine(e.message)}\n`);
      return 2;
    }
    // A bug, not bad input: still one line and a distinct status so scripts can tell them apart.
    io.stderr.write(`headroom: internal error: ${oneLine((e as Error).message)}\n`);
    return 1;
  }
}
