import fc from "fast-check";
import { describe, expect, it } from "vitest";

import type { ContainerStats, Summary } from "../k8s-types";
import type { PodReport } from "../types";
import { kernelOomOrder, nodeSwapCapacity, PAGE_SIZE, procOomScore } from "./oom-order";

const Mi = 1024 * 1024;
const Gi = 1024 * Mi;

const report = (name: string, containers: [string, number | null][]): PodReport => ({
  namespace: "d",
  name,
  uid: `uid-${name}`,
  qosClass: "Burstable",
  priority: 0,
  containers: containers.map(([n, oomScoreAdj]) => ({ name: n, oomScoreAdj })),
});
const stats = (name: string, containers: ContainerStats[]) => ({
  podRef: { name, namespace: "d", uid: `uid-${name}` },
  containers,
});
const mem = (name: string, rssBytes?: number, workingSetBytes?: number, swapUsageBytes?: number): ContainerStats =>
  ({
    name,
    memory: { rssBytes, workingSetBytes },
    ...(swapUsageBytes != null && { swap: { swapUsageBytes } }),
  }) as ContainerStats;

describe("kernelOomOrder: oom_badness by hand", () => {
  // 8Gi of RAM, no swap: totalpages = 2 097 152, ⌊totalpages/1000⌋ = 2097.
  const pods = [report("be", [["be", 1000]]), report("burst", [["burst", 500]]), report("guar", [["guar", -997]])];
  const summary: Summary = {
    pods: [stats("be", [mem("be", 100 * Mi)]), stats("burst", [mem("burst", 3 * Gi)]), stats("guar", [mem("guar", 4 * Gi)])],
  };
  const order = kernelOomOrder(pods, summary, 8 * Gi);

  it("uses totalram + swap pages and ⌊totalpages / 1000⌋ per adj point", () => {
    expect(order.totalPages).toBe(2_097_152);
    expect(order.swapCapacity).toBeNull();
  });

  it("ranks BestEffort 100Mi above Burstable 3Gi above Guaranteed 4Gi", () => {
    // be: 25 600 + 1000 × 2097 = 2 122 600; burst: 786 432 + 500 × 2097 = 1 834 932;
    // guar: 1 048 576 − 997 × 2097 = −1 042 133 (negative, still eligible)
    expect(order.rows.map((r) => [r.container, r.usagePages, r.adjPages, r.points])).toEqual([
      ["be", 25_600, 2_097_000, 2_122_600],
      ["burst", 786_432, 1_048_500, 1_834_932],
      ["guar", 1_048_576, -2_090_709, -1_042_133],
    ]);
  });

  it("a Burstable container far over its request overtakes a BestEffort one", () => {
    // 999 adj (request ≈ 0) with 7Gi rss: 1 835 008 + 2 094 903 = 3 929 911 > 2 122 600
    const o = kernelOomOrder(
      [...pods, report("leak", [["leak", 999]])],
      { pods: [...summary.pods!, stats("leak", [mem("leak", 7 * Gi)])] },
      8 * Gi,
    );
    expect(o.rows[0]).toMatchObject({ container: "leak", points: 3_929_911 });
  });
});

describe("kernelOomOrder: inputs the Summary may or may not carry", () => {
  it("counts swap in use and the node's swap in totalpages", () => {
    // 4Gi RAM + 4Gi swap = 2 097 152 pages; adj 800 × 2097 = 1 677 600; rss 1Gi + swap 512Mi = 393 216
    const summary = {
      node: { swap: { swapUsageBytes: 512 * Mi, swapAvailableBytes: 4 * Gi - 512 * Mi } },
      pods: [stats("p", [mem("c", 1 * Gi, 2 * Gi, 512 * Mi)])],
    } as Summary;
    expect(nodeSwapCapacity(summary)).toBe(4 * Gi);
    const o = kernelOomOrder([report("p", [["c", 800]])], summary, 4 * Gi);
    expect(o.totalPages).toBe(2_097_152);
    expect(o.rows[0]).toMatchObject({
      usagePages: 393_216,
      adjPages: 1_677_600,
      points: 2_070_816,
      swapBytes: 512 * Mi,
      rssFrom: "rssBytes",
    });
  });

  it("falls back to workingSetBytes when rssBytes is absent, and says so", () => {
    const o = kernelOomOrder(
      [report("p", [["c", 0]])],
      { pods: [stats("p", [mem("c", undefined, 10 * PAGE_SIZE + 5)])] },
      8 * Gi,
    );
    expect(o.rows[0]).toMatchObject({ rssFrom: "workingSetBytes", usagePages: 10, swapBytes: null, points: 10 });
  });

  it("never lists -1000, and explains unknown adj or missing stats", () => {
    const pods = [
      report("a", [["never", -1000]]),
      report("b", [["unknown", null]]),
      report("c", [["blind", 5]]),
      report("gone", [["x", 5]]),
    ];
    const summary: Summary = {
      pods: [stats("a", [mem("never", Gi)]), stats("b", [mem("unknown", Gi)]), stats("c", [{ name: "blind" }])],
    };
    const o = kernelOomOrder(pods, summary, 8 * Gi);
    expect(o.rows).toEqual([]);
    expect(o.unranked.map((u) => [u.container, u.why])).toEqual([
      ["never", "oom_score_adj -1000: the kernel never kills it"],
      ["unknown", "oom_score_adj unknown: the node's memory capacity is not known"],
      ["blind", "no memory stats in the Summary"],
    ]);
  });

  it("lists ties by name (the kernel's own tie-break, scan order, is not visible)", () => {
    const pods = [report("z", [["c", 10]]), report("a", [["c", 10]])];
    const o = kernelOomOrder(pods, { pods: [stats("z", [mem("c", Gi)]), stats("a", [mem("c", Gi)])] }, 8 * Gi);
    expect(o.rows.map((r) => r.pod)).toEqual(["a", "z"]);
  });

  it("an empty or missing Summary gives an empty order", () => {
    expect(kernelOomOrder([report("p", [["c", 1]])], null, 8 * Gi).rows).toEqual([]);
  });
});

describe("kernelOomOrder: swap reported per pod, and what /proc/<pid>/oom_score reads", () => {
  it("takes a one-container pod's swap from the pod when the container has none; a pod of two is not split", () => {
    const summary = {
      pods: [
        { ...stats("one", [mem("c", 1 * Gi)]), swap: { swapUsageBytes: 1 * Gi } },
        { ...stats("two", [mem("a", 1 * Gi), mem("b", 1 * Gi)]), swap: { swapUsageBytes: 1 * Gi } },
      ],
    } as Summary;
    const o = kernelOomOrder(
      [
        report("one", [["c", 500]]),
        report("two", [
          ["a", 500],
          ["b", 500],
        ]),
      ],
      summary,
      8 * Gi,
    );
    const one = o.rows.find((r) => r.pod === "one")!;
    // rss 1Gi + swap 1Gi = 524 288 pages
    expect(one).toMatchObject({ swapBytes: 1 * Gi, swapFrom: "pod", usagePages: 524_288 });
    for (const r of o.rows.filter((x) => x.pod === "two"))
      expect(r).toMatchObject({ swapBytes: null, swapFrom: null, usagePages: 262_144 });
  });

  it("keeps negative totals in the order and reads them on /proc's 0..1333 scale", () => {
    // 8Gi, no swap: totalpages 2 097 152; guar: 4Gi = 1 048 576 − 997 × 2097 = −1 042 133
    const o = kernelOomOrder(
      [report("guar", [["guar", -997]]), report("be", [["be", 1000]])],
      { pods: [stats("guar", [mem("guar", 4 * Gi)]), stats("be", [mem("be", 100 * Mi)])] },
      8 * Gi,
    );
    const guar = o.rows.find((r) => r.pod === "guar")!;
    expect(guar.points).toBe(-1_042_133);
    // (1000 + trunc(−1 042 133 000 / 2 097 152)) × 2 / 3 = (1000 − 496) × 2 / 3 = 336
    expect(guar.procOomScore).toBe(336);
    // be: 25 600 + 2 097 000 = 2 122 600 → (1000 + 1012) × 2 / 3 = 1341
    expect(o.rows[0]).toMatchObject({ pod: "be", points: 2_122_600, procOomScore: 1341 });
  });

  it("/proc's score is never negative and keeps the points' order", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 1 << 26 }),
        fc.integer({ min: -999, max: 1000 }),
        fc.integer({ min: -999, max: 1000 }),
        fc.nat({ max: 1 << 26 }),
        fc.nat({ max: 1 << 26 }),
        (total, adjA, adjB, useA, useB) => {
          const per = Math.floor(total / 1000);
          const a = Math.min(useA, total) + adjA * per;
          const b = Math.min(useB, total) + adjB * per;
          expect(procOomScore(a, total)).toBeGreaterThanOrEqual(0);
          if (a <= b) expect(procOomScore(a, total)).toBeLessThanOrEqual(procOomScore(b, total));
        },
      ),
    );
  });
});
