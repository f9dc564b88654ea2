import { describe, expect, it } from "vitest";

import { pod } from "@/lib/eviction/testing";

import { RowFixedCache } from "./row-fixed";
import type { TrimmedNode, TrimmedPod } from "./trim";

const node: TrimmedNode = {
  metadata: { name: "n1", labels: { "cloud.google.com/gke-nodepool": "pool-a" } },
  status: { capacity: { memory: "8Gi", pods: "110" }, allocatable: { memory: "7Gi", pods: "110" } },
};
const pods = ["a", "b"].map((n) => pod({ name: n, namespace: "ns", requests: { memory: "256Mi" } }) as TrimmedPod);

describe("RowFixedCache", () => {
  it("builds the row's fixed part once for the same node, pods, lease and config", () => {
    const c = new RowFixedCache();
    const first = c.get("n1", node, pods, 40, "cfg");
    expect(first).toMatchObject({ name: "n1", podCount: 2, leaseDurationSeconds: 40, configId: "cfg" });
    expect(first.requested.memory).toBe(512 * 2 ** 20);
    expect(c.valid).toBe(true);
    // a new array of the same pod objects is the same input
    expect(c.get("n1", node, [...pods], 40, "cfg")).toBe(first);
  });

  it("builds it again when any input is another object or value", () => {
    const c = new RowFixedCache();
    const first = c.get("n1", node, pods, 40, "cfg");
    expect(c.get("n1", { ...node }, pods, 40, "cfg")).not.toBe(first);
    const second = c.get("n1", { ...node }, pods.slice(0, 1), 40, "cfg");
    expect(second.podCount).toBe(1);
    expect(c.get("n1", node, pods, null, "cfg").leaseDurationSeconds).toBeNull();
    expect(c.get("n1", node, pods, null, "other").configId).toBe("other");
  });

  it("says when the part fails the row's schema", () => {
    const c = new RowFixedCache();
    const bad = { ...node, metadata: { name: "n1", labels: { a: 1 as unknown as string } } };
    c.get("n1", bad, pods, 40, "cfg");
    expect(c.valid).toBe(false);
    c.get("n1", node, pods, 40, "cfg");
    expect(c.valid).toBe(true);
  });
});
