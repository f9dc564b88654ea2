import "server-only";

import { PSI_SERIES, type NodePressure } from "../store/node-pressure";
import { ascii, type TextWriter } from "./text-writer";

// Node PSI and swap for /metrics. The stall counters are exported as Prometheus counters in
// seconds (the Summary's `total` is µs), so rate() over any window gives the stalled fraction
// of time, as the kernel's avg10/avg60 do for their fixed windows; no gauge per average is
// needed. A node whose kubelet reports no PSI (or the all-zero PSI of kubernetes#136333) has no
// series, and one `headroom_node_psi_reported` gauge says so. Written into the scrape's buffer
// (text-writer.ts): at 5 000 nodes this is 35 000 series on every scrape.

// `",resource="cpu",kind="some"} ` for each of PSI_SERIES ("cpu.some"), split once rather than per node.
const PSI_LABELS = PSI_SERIES.map((series) => {
  const [r, k] = series.split(".");
  return ascii(`",resource="${r}",kind="${k}"} `);
});
const PSI = ascii('headroom_node_psi_seconds_total{node="');
const REPORTED = ascii('headroom_node_psi_reported{node="');
const SWAP = ascii('headroom_node_swap_usage_bytes{node="');
const CLOSE = ascii('"} ');
const HEAD_PSI = ascii(
  "# HELP headroom_node_psi_seconds_total Seconds tasks on the node stalled on a resource (PSI total from the kubelet Summary; kind some = at least one task, full = all non-idle tasks).\n# TYPE headroom_node_psi_seconds_total counter\n",
);
const HEAD_REPORTED = ascii(
  "# HELP headroom_node_psi_reported 1 when the node's kubelet reports PSI; 0 when it does not (older kubelet, KubeletPSI gate off, or all-zero counters of a node without PSI).\n# TYPE headroom_node_psi_reported gauge\n",
);
const HEAD_SWAP = ascii(
  "# HELP headroom_node_swap_usage_bytes Swap in use on the node (Summary node.swap.swapUsageBytes); the kubelet's memory.available ignores it.\n# TYPE headroom_node_swap_usage_bytes gauge\n",
);

/** A node as the pressure families need it: its escaped name and its pressure (null: no series). */
export interface PressureNode {
  readonly n: Uint8Array;
  readonly pressure: NodePressure | null;
}

/** Writes the PSI and swap families for the given nodes' pressure, each line ended. */
export function writePressureMetrics(w: TextWriter, nodes: readonly PressureNode[]): void {
  w.bytes(HEAD_PSI);
  for (const { n, pressure: p } of nodes) {
    const totals = p?.totals;
    if (!totals) continue;
    for (let i = 0; i < totals.length; i++) {
      const total = totals[i]!;
      if (!Number.isNaN(total))
        w.bytes(PSI)
          .bytes(n)
          .bytes(PSI_LABELS[i]!)
          .js(total / 1e6)
          .nl();
    }
  }
  w.bytes(HEAD_REPORTED);
  for (const { n, pressure: p } of nodes)
    if (p)
      w.bytes(REPORTED)
        .bytes(n)
        .bytes(CLOSE)
        .int(p.totals ? 1 : 0)
        .nl();
  w.bytes(HEAD_SWAP);
  // only nodes with a swap device: every kubelet since 1.28 reports swap, mostly 0 of 0
  for (const { n, pressure: p } of nodes) {
    const used = p?.swapUsageBytes;
    if (used != null && (used > 0 || (p!.swapAvailableBytes ?? 0) > 0)) w.bytes(SWAP).bytes(n).bytes(CLOSE).js(used).nl();
  }
}
