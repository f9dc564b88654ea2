// `headroom lint FILE... [--node node.json] [-o text|json] [--strict]`: the advisor's rules as a
// CI linter. Each FILE is a KubeletConfiguration (YAML or JSON), a /configz answer, a kubelet flag
// line, or a whole analyze input document; exit 0 clean, 1 with errors (or warnings with --strict),
// 2 on unreadable input or bad usage.
import { InputError, isObject, recognizeDocument, type Node, type Pod, type Summary } from "@/lib/eviction";

import { parseDocumentText } from "../lib/contract/document";
import { adviseNode, RULES, type AdvisorInput, type Finding } from "../lib/whatif/advisor-fixes";
import { readInputCapped } from "./read-input";

export const LINT_USAGE = "usage: headroom lint FILE|-... [--node node.json] [--output text|json] [--strict]";

type Io = { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream };

class LintUsage extends Error {}

interface LintArgs {
  files: string[];
  node?: string;
  output: "text" | "json";
  strict: boolean;
}

function parseLintArgs(argv: string[]): LintArgs {
  const args: LintArgs = { files: [], output: "text", strict: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith("--") ? (arg.split(/=(.*)/s, 2) as [string, string?]) : [arg];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new LintUsage(`${flag} needs a value`);
      return v;
    };
    if (flag === "--output" || flag === "-o") {
      const v = value();
      if (v !== "json" && v !== "text") throw new LintUsage(`--output must be text or json, got ${JSON.stringify(v)}`);
      args.output = v;
    } else if (flag === "--node") args.node = value();
    else if (flag === "--strict") args.strict = true;
    else if (arg.startsWith("-") && arg !== "-") throw new LintUsage(`unknown option ${flag}`);
    else args.files.push(arg);
  }
  if (args.files.length === 0) throw new LintUsage("missing FILE (use - for standard input)");
  return args;
}

const looksLikeFlags = (text: string) => /(^|\s)--[a-z][a-z0-9-]*(=|\s|$)/.test(text);

/** Turns one file's text into the advisor's input, or throws an InputError naming the file. */
function lintInput(text: string, what: string): Omit<AdvisorInput, "name"> {
  const trimmed = text.trim();
  let doc: unknown;
  try {
    doc = parseDocumentText(text, what);
  } catch (e) {
    if (looksLikeFlags(trimmed) && !trimmed.startsWith("{")) return { kubeletConfig: null, kubeletFlags: trimmed };
    throw e;
  }
  if (typeof doc === "string" && looksLikeFlags(doc)) return { kubeletConfig: null, kubeletFlags: doc };
  const r = recognizeDocument(doc);
  if (r.kind === "piece" && r.slot === "kubeletConfig") return { kubeletConfig: r.value, kubeletFlags: null };
  if (r.kind === "input" && isObject(doc) && ("kubeletConfig" in doc || "kubeletFlags" in doc)) {
    const flags = doc.kubeletFlags;
    if (flags != null && typeof flags !== "string") throw new InputError(`${what}: kubeletFlags: must be a string`);
    return {
      kubeletConfig: doc.kubeletConfig ?? null,
      kubeletFlags: (flags as string | null | undefined) ?? null,
      node: isObject(doc.node) ? (doc.node as Node) : null,
      pods: Array.isArray(doc.pods) ? (doc.pods as Pod[]) : [],
      summary: isObject(doc.summary) ? (doc.summary as Summary) : null,
    };
  }
  const is = r.kind === "input" ? "an object without kubelet settings" : r.what;
  throw new InputError(`${what}: this is ${is}, not a KubeletConfiguration, a /configz answer or a kubelet flag line`);
}

/** Reads --node: a Node, or a list holding exactly one (kubectl get node NAME -o json). */
function readNode(file: string): Node {
  const doc = parseDocumentText(readInputCapped(file), file);
  const r = recognizeDocument(doc);
  if (r.kind === "piece" && r.slot === "node") return r.value as Node;
  throw new InputError(`${file}: --node must be one Node (kubectl get node NAME -o json)`);
}

function formatText(file: string, findings: Finding[]): string {
  if (findings.length === 0) return `${file}: no findings\n`;
  return findings
    .map((f) => {
      const lines = [`${file}: ${f.severity} ${f.rule}: ${f.message}`, `  source: ${RULES[f.rule].source}`];
      if (f.fix) lines.push(`  fix: ${f.fix.text}`);
      if (f.fix?.yaml) lines.push(...f.fix.yaml.split("\n").map((l) => `    ${l}`));
      return lines.join("\n") + "\n";
    })
    .join("");
}

/** Runs `headroom lint ...` and returns the exit status. */
export function runLint(argv: string[], io: Io): number {
  let args: LintArgs;
  try {
    args = parseLintArgs(argv);
  } catch (e) {
    io.stderr.write(`headroom: ${(e as Error).message} (${LINT_USAGE})\n`);
    return 2;
  }
  let node: Node | null;
  try {
    node = args.node === undefined ? null : readNode(args.node);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    io.stderr.write(`headroom: ${e.message.replace(/\s*\n\s*/g, " ")}\n`);
    return 2;
  }
  const nodeInfo = (node?.status as { nodeInfo?: { kubeletVersion?: string } } | undefined)?.nodeInfo;
  let unreadable = false;
  const results: { file: string; findings: Finding[] }[] = [];
  for (const file of args.files) {
    const what = file === "-" ? "stdin" : file;
    try {
      const input = lintInput(readInputCapped(file), what);
      const findings = adviseNode({
        ...input,
        name: node?.metadata?.name ?? input.node?.metadata?.name ?? null,
        node: node ?? input.node ?? null,
        kubeletVersion: nodeInfo?.kubeletVersion ?? null,
      });
      results.push({ file: what, findings });
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      unreadable = true;
      io.stderr.write(`headroom: ${e.message.replace(/\s*\n\s*/g, " ")}\n`);
    }
  }
  if (args.output === "json") {
    const doc = results.map((r) => ({
      file: r.file,
      findings: r.findings.map((f) => ({ ...f, title: RULES[f.rule].title, source: RULES[f.rule].source })),
    }));
    io.stdout.write(JSON.stringify(doc, null, 2) + "\n");
  } else {
    for (const r of results) io.stdout.write(formatText(r.file, r.findings));
  }
  if (unreadable) return 2;
  const all = results.flatMap((r) => r.findings);
  if (all.some((f) => f.severity === "error")) return 1;
  if (args.strict && all.some((f) => f.severity === "warning")) return 1;
  return 0;
}
