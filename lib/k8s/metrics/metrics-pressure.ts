import "server-only";

import { PSI_SERIES, type NodePressure } from "../store/node-pressure";

// Node PSI and swap for /metrics. The stall counters are exported as Prometheus counters in
// seconds (the Summary's `total` is µs), so rate() over any window gives the stalled fraction
// of time, as the kernel's avg10/avg60 do for their fixed windows; no gauge per average is
// needed. A node whose kubelet reports no PSI (or the all-zero PSI of kubernetes#136333) has no
// series, and one `headroom_node_psi_reported` gauge says so. Lines are written directly: at
// 5 000 nodes this is 35 000 series on every scrape.

/** Renders the PSI and swap families for the given nodes' pressure. */
export function renderPressureMetrics(nodes: Iterable<[string, NodePressure | null]>, esc: (v: string) => string): string[] {
  const psi = [
    "# HELP headroom_node_psi_seconds_total Seconds tasks on the node stalled on a resource (PSI total from the kubelet Summary; kind some = at least one task, full = all non-idle tasks).",
    "# TYPE headroom_node_psi_seconds_total counter",
  ];
  const reported = [
    "# HELP headroom_node_psi_reported 1 when the node's kubelet reports PSI; 0 when it does not (older kubelet, KubeletPSI gate off, or all-zero counters of a node without PSI).",
    "# TYPE headroom_node_psi_reported gauge",
  ];
  const swap = [
    "# HELP headroom_node_swap_usage_bytes Swap in use on the node (Summary node.swap.swapUsageBytes); the kubelet's memory.available ignores it.",
    "# TYPE headroom_node_swap_usage_bytes gauge",
  ];
  for (const [name, p] of nodes) {
    if (!p) continue;
    const node = esc(name);
    reported.push(`headroom_node_psi_reported{node="${node}"} ${p.totals ? 1 : 0}`);
    p.totals?.forEach((total, i) => {
      if (Number.isNaN(total)) return;
      const [r, k] = PSI_SERIES[i]!.split(".");
      psi.push(`headroom_node_psi_seconds_total{node="${node}",resource="${r}",kind="${k}"} ${total / 1e6}`);
    });
    // only nodes with a swap device: every kubelet since 1.28 reports swap, mostly 0 of 0
    const used = p.swapUsageBytes;
    if (used != null && (used > 0 || (p.swapAvailableBytes ?? 0) > 0))
      swap.push(`headroom_node_swap_usage_bytes{node="${node}"} ${used}`);
  }
  return [psi.join("\n"), reported.join("\n"), swap.join("\n")];
}
