import { describe, expect, it } from "vitest";

import type { NodeDetail } from "@/lib/contract/dto";
import type { Node } from "@/lib/eviction";
import { fixture, nodesOf } from "@/tests/fixtures";

import { amounts, analyzeParsed, breakdownOf, cardsViewOf, fourColumns, freshnessLine, imageGcMarks, parseDetail, run } from ".";

const node = nodesOf(fixture("nodes/nri-minikube-1.35-nodelist.json"))[0] as Node;
const detail = {
  node,
  pods: [],
  summary: fixture("summary/nri-minikube-1.35.json"),
  kubeletConfig: fixture("configz/kubeadm-k8s-node-01.json"),
  kubeletFlags: null,
} as unknown as NodeDetail;

describe("run", () => {
  it("keeps a thrown error's message instead of throwing", () => {
    expect(run(() => 3)).toEqual({ out: 3, error: null });
    expect(
      run(() => {
        throw new Error("memory: not a quantity");
      }),
    ).toEqual({ out: null, error: "memory: not a quantity" });
  });
});

describe("parseDetail and analyzeParsed", () => {
  const parsed = parseDetail(detail);
  it("analyzes a real node document live", () => {
    expect(parsed.error).toBeNull();
    const live = analyzeParsed(parsed);
    expect(live.error).toBeNull();
    expect(live.out!.signals.map((s) => s.signal)).toContain("memory.available");
  });

  it("re-runs under a what-if: a higher memory.available hard threshold lowers its margin by the difference", () => {
    const live = analyzeParsed(parsed).out!;
    const next = analyzeParsed(parsed, { evictionHard: { "memory.available": "1Gi" } }).out!;
    const hard = (o: typeof live) =>
      o.signals.find((s) => s.signal === "memory.available")!.thresholds.find((t) => t.kind === "hard")!;
    expect(hard(next).value).toBe(1024 ** 3);
    expect(hard(live).margin - hard(next).margin).toBeCloseTo(hard(next).value - hard(live).value);
  });

  it("carries a bad document's error, naming the field, through to the analysis", () => {
    const bad = parseDetail({
      ...detail,
      pods: [{ metadata: { name: "p" }, spec: { containers: "x" } }],
    } as unknown as NodeDetail);
    expect(bad.out).toBeNull();
    expect(bad.error).toMatch(/pods\[0\]/);
    expect(analyzeParsed(bad)).toEqual({ out: null, error: bad.error });
  });
});

describe("amounts", () => {
  it("reads the node's capacity in engine units (cpu in millicores, memory in bytes)", () => {
    const cap = amounts(node, "capacity");
    const status = (node.status as { capacity: Record<string, string> }).capacity;
    expect(cap.cpu).toBe(Number(status.cpu) * 1000);
    expect(cap.memory).toBeGreaterThan(0);
  });
  it("is empty rather than throwing on an unreadable quantity", () => {
    expect(amounts({ status: { capacity: { memory: "lots" } } } as unknown as Node, "capacity")).toEqual({});
  });
});

describe("imageGcMarks", () => {
  it("is the kubelet's defaults (85 / 80) without settings, and the configured percentages with them", () => {
    expect(imageGcMarks(undefined)).toEqual({ high: 85, low: 80 });
    expect(imageGcMarks({ imageGCHighThresholdPercent: 70, imageGCLowThresholdPercent: 60 })).toEqual({ high: 70, low: 60 });
  });
});

describe("breakdownOf", () => {
  it("sets the shown result beside the live allocatable, with the node's reported allocatable and its use", () => {
    const live = analyzeParsed(parseDetail(detail)).out!;
    const b = breakdownOf(detail, live, live, { memory: 1 }, { memory: 2 });
    expect(b.liveAllocatable).toBe(live.allocatable);
    expect(b.reported).toEqual(amounts(node, "allocatable"));
    expect(b.capacity).toEqual({ memory: 1 });
    expect(b.requested).toEqual({ memory: 2 });
    expect(b.used.memory).toBeGreaterThan(0);
  });
});

describe("cardsViewOf", () => {
  const base = { pinned: false, showsLive: true, open: false, changed: false };
  it("labels nothing with no what-if in sight, or for a pinned moment", () => {
    expect(cardsViewOf(base)).toBeNull();
    expect(cardsViewOf({ ...base, pinned: true, showsLive: false, open: true })).toBeNull();
  });
  it("says live while the panel is open or a what-if is set but not shown, what-if once it is", () => {
    expect(cardsViewOf({ ...base, open: true })).toBe("live");
    expect(cardsViewOf({ ...base, changed: true })).toBe("live");
    expect(cardsViewOf({ ...base, showsLive: false })).toBe("what-if");
  });
});

describe("fourColumns", () => {
  it("puts the cards four to a row only when that saves a row", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 12].map(fourColumns)).toEqual([
      false,
      false,
      false,
      true,
      false,
      false,
      true,
      true,
      false,
      true,
    ]);
  });
});

describe("freshnessLine", () => {
  const row = {
    leaseAgeSeconds: 4,
    collection: { state: "ok" as const, ageSeconds: 6, error: null, configSource: "configz" as const },
  };
  it("gives the lease's and the stats' ages", () => {
    expect(freshnessLine(row)).toBe("lease renewed 4s ago · stats 6s old");
  });
  it("gives the collection's state and error when the stats are not fresh", () => {
    expect(
      freshnessLine({ ...row, collection: { ...row.collection, state: "failed", ageSeconds: null, error: "timeout" } }),
    ).toBe("lease renewed 4s ago · stats failed: timeout");
  });
});
