import { describe, expect, it } from "vitest";

import { clusterOverviewInBrowser } from "./dto";

const envelope = {
  generatedAt: "2026-11-22T12:00:00Z",
  cluster: {
    context: "c",
    contexts: ["c"],
    demo: false,
    collectionMode: "direct",
    ready: true,
    nodesTotal: 1,
    nodesCollected: 1,
    apiServer: { reachable: true, error: null },
  },
  summary: { nodesUnderPressure: 0, evictionsLastHour: 0, reserved: {}, capacity: {} },
  configs: {},
};
const row = { name: "n1", worstMargin: { memory: null, disk: null, pid: null } };

describe("clusterOverviewInBrowser", () => {
  it("checks the envelope in full", () => {
    expect(clusterOverviewInBrowser.safeParse({ ...envelope, nodes: [row] }).success).toBe(true);
    const bad = clusterOverviewInBrowser.safeParse({
      ...envelope,
      cluster: { ...envelope.cluster, collectionMode: "exec" },
      nodes: [],
    });
    expect(bad.success).toBe(false);
    expect(clusterOverviewInBrowser.safeParse({ ...envelope }).success).toBe(false);
  });

  it("refuses rows that are not node rows, and hands the accepted ones over without copying", () => {
    for (const nodes of [[null], ["n1"], [{ name: 1, worstMargin: {} }], [{ name: "n1" }]]) {
      const r = clusterOverviewInBrowser.safeParse({ ...envelope, nodes });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.path).toEqual(["nodes", 0]);
    }
    const doc = { ...envelope, nodes: [row] };
    expect(clusterOverviewInBrowser.parse(doc).nodes[0]).toBe(row);
  });
});
