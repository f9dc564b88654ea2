import type { AnalyzeOutput, RankingRow, SignalReport } from "../lib/eviction/types";
import { formatBytesHuman, formatMilli } from "../lib/eviction/quantity";

const TOP = 5;

function amount(resource: string, n: number): string {
  if (resource === "cpu") return formatMilli(n);
  if (resource === "memory" || resource === "ephemeral-storage" || resource.startsWith("hugepages-")) {
    return n < 0 ? `-${formatBytesHuman(-n)}` : formatBytesHuman(n);
  }
  return String(n);
}

function signalAmount(signal: string, n: number): string {
  const bytes = signal.endsWith(".available") && signal !== "pid.available";
  return bytes ? amount("memory", n) : String(n);
}

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length))) ?? [];
  return rows.map((r) => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ").trimEnd()).join("\n") + "\n";
}

function signalRows(signals: SignalReport[]): string[][] {
  const rows = [["SIGNAL", "AVAILABLE", "CAPACITY", "THRESHOLD", "MARGIN", "MET"]];
  for (const s of signals) {
    const base = [s.signal, signalAmount(s.signal, s.available), signalAmount(s.signal, s.capacity)];
    if (s.thresholds.length === 0) rows.push([...base, "-", "-", "-"]);
    for (const t of s.thresholds) {
      rows.push([...base, `${t.kind} ${signalAmount(s.signal, t.value)}`, signalAmount(s.signal, t.margin), t.met ? "YES" : "no"]);
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

/** Renders the analyze output as the human summary `--output table` prints. */
export function formatTable(out: AnalyzeOutput): string {
  const parts: string[] = [];
  parts.push(`Node: ${out.node ?? "(none given)"}   thresholds from: ${out.thresholdSource}\n`);
  const conds = Object.entries(out.conditions).map(([k, v]) => `${k}=${v ? "True" : "False"}`);
  parts.push(`Conditions: ${conds.join("  ")}\n\n`);

  const resources = Object.keys(out.allocatable);
  if (resources.length > 0) {
    const r = out.reservation;
    const rows = [["RESOURCE", "KUBE-RESERVED", "SYSTEM-RESERVED", "EVICTION-HARD", "ALLOCATABLE"]];
    for (const res of resources) {
      const cell = (m: Record<string, number>) => (m[res] == null ? "-" : amount(res, m[res]));
      rows.push([res, cell(r.kubeReserved), cell(r.systemReserved), cell(r.evictionHard), amount(res, out.allocatable[res] ?? 0)]);
    }
    parts.push(table(rows) + "\n");
  }
  if (out.signals.length > 0) parts.push(table(signalRows(out.signals)) + "\n");
  else parts.push("Signals: no Summary given, nothing observed.\n\n");

  const shown = out.signals.map((s) => s.signal);
  for (const signal of shown) {
    const rows = out.rankings[signal] ?? [];
    if (rows.length === 0) continue;
    parts.push(`Eviction order for ${signal} (first ${Math.min(TOP, rows.length)} of ${rows.length}):\n`);
    parts.push(table(rankingRows(signal, rows)) + "\n");
  }
  for (const r of out.replay) {
    const who = r.evicted.map((e) => `${e.namespace}/${e.name}`).join(", ") || "nobody";
    parts.push(`Replay ${r.signal}: evicts ${who}; ${r.recovered ? "recovers" : "does NOT recover"}\n`);
  }
  return parts.join("");
}
