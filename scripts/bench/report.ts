// Writes a bench's figures into docs/benchmarks.md, so README and comments can point at one dated
// record instead of copying numbers by hand. Each bench owns one section, fenced by HTML comments;
// a run replaces its own section and leaves the others (run by other benches, other days) as they are.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { format } from "node:util";

const BENCHMARKS_FILE = join(import.meta.dirname, "..", "..", "docs", "benchmarks.md");

const HEADER = `# Benchmarks

Written by \`npm run bench\` (\`scripts/bench/report.ts\`): each bench replaces its own section with
the figures it printed, the date (UTC) and the machine it ran on. Each figure with a target is
printed beside it, "MISSED" when it misses; the targets are issue 27's, kept in
\`scripts/bench/targets.ts\` and pinned by its test. Compare figures only between runs on the same
machine: the benches share its cores with the simulated cluster and Chromium.
`;

// Every line a bench prints with console.log, as printed: the report repeats the console figures
// without each bench formatting them twice. Installed once, when a bench imports this module.
const printed: string[] = [];
const log = console.log.bind(console);
console.log = (...args: unknown[]) => {
  printed.push(format(...args));
  log(...args);
};

/** Returns the lines this process has printed with console.log so far. */
export function printedLines(): string[] {
  return [...printed];
}

/**
 * Describes this machine: cores, memory, CPU model, Node version and how loaded it was when the
 * figures were written (the 1-minute load average: on a shared machine figures run several times
 * slower, and a reader must know).
 */
export function machineDescription(): string {
  const cores = cpus();
  const model = cores[0]?.model.trim() || "unknown CPU";
  const gib = (totalmem() / 2 ** 30).toFixed(0);
  return `${cores.length} cores, ${gib} GiB, ${model}, Node ${process.version}, load ${loadavg()[0]!.toFixed(1)}`;
}

function markers(section: string): { start: string; end: string } {
  const id = section
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return { start: `<!-- bench:${id} -->`, end: `<!-- /bench:${id} -->` };
}

/** Renders one bench's section: heading, when and where it ran, and its lines verbatim. */
export function renderSection(section: string, lines: readonly string[], date: Date, machine: string): string {
  const { start, end } = markers(section);
  const when = `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return [start, `## ${section}`, "", `Measured ${when} on ${machine}.`, "", "```text", ...lines, "```", end].join("\n");
}

/** Replaces the section's fenced block in the document, or appends it; other sections stay as they are. */
export function replaceSection(doc: string, section: string, rendered: string): string {
  const { start, end } = markers(section);
  const from = doc.indexOf(start);
  const to = from < 0 ? -1 : doc.indexOf(end, from);
  if (from >= 0 && to >= 0) return doc.slice(0, from) + rendered + doc.slice(to + end.length);
  return `${doc.trimEnd()}\n\n${rendered}\n`;
}

interface RecordOptions {
  file?: string;
  date?: Date;
  machine?: string;
}

/** Writes (or replaces) a bench's section in docs/benchmarks.md, creating the file when needed. */
export function recordBench(section: string, lines: readonly string[], options: RecordOptions = {}): void {
  const file = options.file ?? BENCHMARKS_FILE;
  const doc = existsSync(file) ? readFileSync(file, "utf8") : HEADER;
  const rendered = renderSection(section, lines, options.date ?? new Date(), options.machine ?? machineDescription());
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, replaceSection(doc, section, rendered));
}
