// deploy/grafana: the dashboard JSON follows Grafana's dashboard model (tests/deploy/grafana-schema.ts),
// every panel that lists nodes links each one to its Headroom page, and the monitoring overlay ships
// it as a ConfigMap Grafana's sidecar picks up. Its queries run against real data in
// tests/prometheus/grafana-dashboard.test.ts.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";

import { requireBinary } from "../test-binaries.mjs";
import { dashboardSchema } from "./grafana-schema";

const ROOT = join(import.meta.dirname, "..", "..");
const FILE = join(ROOT, "deploy", "grafana", "headroom-dashboard.json");
const text = readFileSync(FILE, "utf8");
const dashboard = dashboardSchema.parse(JSON.parse(text));

describe("deploy/grafana", () => {
  it("follows Grafana's dashboard model, and the schema refuses what it does not allow", () => {
    const broken = JSON.parse(text);
    broken.panels[0].gridPos.w = 30;
    delete broken.panels[1].targets[0].refId;
    const r = dashboardSchema.safeParse(broken);
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join("."))).toEqual(
      expect.arrayContaining(["panels.0.gridPos.w", "panels.1.targets.0.refId"]),
    );
  });

  it("has unique panel ids, and panels that do not overlap", () => {
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const cells = new Set<string>();
    for (const p of dashboard.panels)
      for (let x = p.gridPos.x; x < p.gridPos.x + p.gridPos.w; x++)
        for (let y = p.gridPos.y; y < p.gridPos.y + p.gridPos.h; y++) {
          expect(cells.has(`${x},${y}`), `${p.title} overlaps at ${x},${y}`).toBe(false);
          cells.add(`${x},${y}`);
        }
  });

  it("uses only variables it defines or Grafana provides", () => {
    const defined = new Set([...dashboard.templating.list.map((v) => v.name), "__range", "__rate_interval", "__interval"]);
    for (const p of dashboard.panels)
      for (const t of p.targets)
        for (const [, a, b] of t.expr.matchAll(/\$(\w+)|\$\{(\w+)\}/g))
          expect(defined, `${p.title}: $${a ?? b}`).toContain(a ?? b);
  });

  it("links every node to its Headroom page, from headroom_info{url}", () => {
    let linked = 0;
    for (const p of dashboard.panels) {
      const perNode = p.targets.filter((t) => /by \([^)]*\bnode\b/.test(t.expr));
      if (perNode.length === 0) continue;
      // the url label comes with the series, so each cluster's nodes open that cluster's Headroom
      expect(
        perNode.some((t) => t.expr.includes("group_left (url) max by (cluster, url) (headroom_info")),
        p.title,
      ).toBe(true);
      const links = [
        ...(p.fieldConfig.defaults.links ?? []),
        ...p.fieldConfig.overrides
          .filter((o) => o.matcher.options === "node")
          .flatMap((o) => o.properties.filter((q) => q.id === "links").flatMap((q) => q.value as { url: string }[])),
      ];
      expect(
        links.map((l) => l.url),
        p.title,
      ).toContainEqual(
        p.type === "table"
          ? "${__data.fields.url}/nodes/${__data.fields.node}"
          : "${__field.labels.url}/nodes/${__field.labels.node}",
      );
      linked++;
    }
    expect(linked).toBeGreaterThanOrEqual(6);
  });

  it("ships with the monitoring overlay as a ConfigMap labelled for Grafana's sidecar", () => {
    const docs = parseAllDocuments(
      execFileSync(requireBinary("kubectl"), ["kustomize", join(ROOT, "deploy", "overlays", "monitoring")], { encoding: "utf8" }),
    ).map((d) => d.toJS());
    const maps = docs.filter((d) => d.kind === "ConfigMap" && d.metadata.labels?.grafana_dashboard === "1");
    expect(maps).toHaveLength(1);
    expect(maps[0].metadata).toMatchObject({ name: "headroom-grafana-dashboard", namespace: "headroom" });
    expect(maps[0].data["headroom-dashboard.json"]).toBe(text);
  });
});
