import { type AnalyzeOutput, type RankingRow, type SignalReport } from "@/lib/eviction";

import { formatResource as amount, formatStall, formatSignal as signalAmount } from "../lib/format";
import { nodePsi, thresholdSourceNote } from "../lib/words/analysis-notes";
import { verdictOf } from "../lib/words/verdict";

const TOP = 5;

/** Wraps prose at `width` columns, continuation lines indented by `indent` spaces. */
function wrap(text: string, width = 100, indent = 6): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = " ".repeat(indent) + word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].join("\n") + "\n";
}

/** Left-aligned columns two spaces apart, as kubectl prints them (the node and the fleet tables alike). */
export function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length))) ?? [];
  return (
    rows
      .map((r) =>
        r
          .map((c, i) => c.padEnd(widths[i] ?? 0))
          .join("  ")
          .trimEnd(),
      )
      .join("\n") + "\n"
  );
}

function signalRows(signals: SignalReport[]): string[][] {
  const rows = [["SIGNAL", "AVAILABLE", "CAPACITY", "THRESHOLD", "MARGIN", "MET"]];
  for (const s of signals) {
    const base = [s.signal, signalAmount(s.signal, s.available), signalAmount(s.signal, s.capacity)];
    if (s.thresholds.length === 0) rows.push([...base, "-", "-", "-"]);
    for (const t of s.thresholds) {
      rows.push([
        ...base,
        `${t.kind} ${signalAmount(s.signal, t.value)}`,
        signalAmount(s.signal, t.margin),
        t.met ? "YES" : "no",
      ]);
    }
  }
  return rows;
}

function rankingRows(signal: string, rows: RankingRow[]): string[][] {
  const out = [["#", "POD", "PRIORITY", "USAGE", "REQUEST", "EXCEEDS"]];
  rows.slice(0, TOP).forEach((r, i) => {
    out.push([
      String(i + 1),
      `${r.namespace}/${r.name}`,
      String(r.priority),
      r.usage == null ? "no stats" : signalAmount(signal, r.usage),
      signalAmount(signal, r.request),
      r.exceedsRequest == null ? "-" : r.exceedsRequest ? "yes" : "no",
    ]);
  });
  return out;
}

function replayLines(out: AnalyzeOutput): string {
  if (out.replay.length === 0) return "Replay: no threshold met, the kubelet evicts nobody.\n";
  return out.replay
    .map((r) => {
      const who = r.evicted.map((e) => `${e.namespace}/${e.name}`).join(", ") || "nobody (no pod it may evict)";
      return `Replay ${r.signal}: evicts ${who}; ${r.recovered ? "recovers" : "does NOT recover"}\n`;
    })
    .join("");
}

function psiLines(out: AnalyzeOutput): string {
  const psi = nodePsi(out);
  if (!psi) return "";
  const head = "Node PSI (share of time stalled; the kubelet does not evict on PSI)";
  if ("absent" in psi) return `${head}: ${psi.absent}.\n\n`;
  const rows = [["RESOURCE", "SOME AVG10", "SOME AVG60", "SOME AVG300", "FULL AVG10", "FULL AVG60", "FULL AVG300"]];
  for (const r of psi.rows) {
    const f = (x: typeof r.some) => [formatStall(x.avg10), formatStall(x.avg60), formatStall(x.avg300)];
    rows.push([r.resource, ...f(r.some), ...(r.resource === "cpu" && r.full.avg10 == null ? ["-", "-", "-"] : f(r.full))]);
  }
  return `${head}:\n${table(rows)}\n`;
}

export interface TableOptions {
  /** Also list signals that have no threshold (and their eviction order); `--all`. */
  all?: boolean;
  /** The node's own `status.allocatable` (engine units), to tell when it contradicts the thresholds' source. */
  reported?: Record<string, number>;
}

/**
 * Renders the analyze output as the human summary `--output table` prints: the verdict and the
 * replay first (what an operator ran it for), then allocatable, the signals that have a threshold
 * and their eviction order; signals without a threshold only with `all`.
 */
export function formatTable(out: AnalyzeOutput, opts: TableOptions = {}): string {
  const parts: string[] = [];
  parts.push(`Node: ${out.node ?? "(none given)"}   thresholds from: ${out.thresholdSource}\n`);
  const note = thresholdSourceNote(out, opts.reported ?? {});
  if (note) parts.push(wrap(`Note: ${note}`));
  parts.push(`Verdict: ${verdictOf(out).text}\n`);
  parts.push(replayLines(out));
  const conds = Object.entries(out.conditions).map(([k, v]) => `${k}=${v ? "True" : "False"}`);
  parts.push(`Conditions: ${conds.join("  ")}\n\n`);

  const resources = Object.keys(out.allocatable);
  if (resources.length > 0) {
    const r = out.reservation;
    const rows = [["RESOURCE", "KUBE-RESERVED", "SYSTEM-RESERVED", "EVICTION-HARD", "ALLOCATABLE"]];
    for (const res of resources) {
      const cell = (m: Record<string, number>) => (m[res] == null ? "-" : amount(res, m[res]));
      rows.push([
        res,
        cell(r.kubeReserved),
        cell(r.systemReserved),
        cell(r.evictionHard),
        amount(res, out.allocatable[res] ?? 0),
      ]);
    }
    parts.push(table(rows) + "\n");
  }
  const shown = opts.all ? out.signals : out.signals.filter((s) => s.thresholds.length > 0);
  const hidden = out.signals.length - shown.length;
  if (out.signals.length === 0) parts.push("Signals: no Summary given, nothing observed.\n\n");
  else {
    if (shown.length > 0) parts.push(table(signalRows(shown)));
    if (hidden > 0) parts.push(`(${hidden} signal${hidden > 1 ? "s" : ""} without a threshold not shown; --all shows them)\n`);
    parts.push("\n");
  }
  parts.push(psiLines(out));
  for (const { signal } of shown) {
    const rows = out.rankings[signal] ?? [];
    if (rows.length === 0) continue;
    parts.push(`Eviction order for ${signal} (first ${Math.min(TOP, rows.length)} of ${rows.length}):\n`);
    parts.push(table(rankingRows(signal, rows)) + "\n");
  }
  return parts.join("");
}
