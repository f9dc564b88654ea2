// `kubectl headroom nodes`: the fleet in the terminal, the node closest to an eviction first.
import type { NodeResult } from "../lib/k8s/io/oneshot";
import { worstMargins } from "../lib/k8s/store/to-engine";
import { margin } from "./cli-cluster";

/** The node's smallest margin as a share of its signal's capacity (met < 0); null when not analysed. */
function worstFraction(r: NodeResult): { fraction: number; signal: string } | null {
  if (!r.analysis) return null;
  const all = Object.values(worstMargins(r.analysis)).filter((w) => w !== null);
  if (all.length === 0) return null;
  return all.reduce((a, b) => (b.fraction < a.fraction ? b : a));
}

const byName = (a: NodeResult, b: NodeResult) => a.node.localeCompare(b.node, "en", { numeric: true });

/** Worst margin first; nodes with no threshold and nodes that could not be collected last, by name. */
export function sortWorstFirst(results: NodeResult[]): NodeResult[] {
  return [...results].sort((a, b) => {
    const fa = worstFraction(a)?.fraction ?? Infinity;
    const fb = worstFraction(b)?.fraction ?? Infinity;
    return fa !== fb ? fa - fb : byName(a, b);
  });
}

function pressureOf(r: NodeResult): string {
  const c = r.analysis?.conditions;
  if (!c) return "?";
  return (
    Object.entries(c)
      .filter(([, v]) => v)
      .map(([k]) => k)
      .join(",") || "-"
  );
}

/** kubectl's table layout: upper-case headers, columns padded by three spaces, no borders. */
function layout(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return (
    rows
      .map((row) =>
        row
          .map((cell, i) => cell.padEnd(widths[i]!))
          .join("   ")
          .trimEnd(),
      )
      .join("\n") + "\n"
  );
}

/** The fleet table; `wide` adds each family's margin, where the kubelet settings came from and collection errors. */
export function nodesTable(results: NodeResult[], wide: boolean): string {
  const head = ["NAME", "WORST SIGNAL", "MARGIN", "PRESSURE"];
  const rows = [wide ? [...head, "MEMORY", "DISK", "PID", "CONFIG", "COLLECTION"] : head];
  for (const r of sortWorstFirst(results)) {
    const worst = worstFraction(r);
    const fam = worst
      ? (["memory", "disk", "pid"] as const).find((f) => worstMargins(r.analysis!)[f]?.signal === worst.signal)
      : undefined;
    const row = [r.node, worst?.signal ?? "-", fam ? margin(r, fam) : "-", pressureOf(r)];
    if (wide) row.push(margin(r, "memory"), margin(r, "disk"), margin(r, "pid"), r.configSource, r.collectionError ?? "ok");
    rows.push(row);
  }
  return layout(rows);
}
