// `headroom_info`: where operators open this Headroom. Alert rules read its `url` label to link
// each alert to the node's page (deploy/prometheus/headroom-rules.yaml), so the link follows the
// Headroom that exported the series instead of being written into the rules.
const esc = (v: string) => v.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");

/** The info family in the Prometheus text format. */
export function infoMetric(externalUrl: string | null, version: string): string {
  return [
    "# HELP headroom_info Headroom's version and the external URL its node pages are at (HEADROOM_EXTERNAL_URL; empty when unset).",
    "# TYPE headroom_info gauge",
    `headroom_info{version="${esc(version)}",url="${esc(externalUrl ?? "")}"} 1`,
    "",
  ].join("\n");
}
