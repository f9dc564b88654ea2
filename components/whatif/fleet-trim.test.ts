import { describe, expect, it } from "vitest";

import { concernsPods, type NodeOutcome } from "@/lib/whatif/outcome";
import { whatIfVerdict } from "@/lib/words/whatif";

import { forPage, LISTED, PODS_FOR_NODES } from "./fleet-trim";

const GI = 1024 ** 3;
function outcome(i: number, o: Partial<NodeOutcome> = {}): NodeOutcome {
  return {
    node: `n-${i}`,
    podCount: 30,
    pressureBefore: [],
    pressureAfter: [],
    metBefore: [],
    metAfter: [],
    allocatableBefore: { memory: 28 * GI },
    allocatableAfter: { memory: 27.5 * GI },
    requestedMemory: 2 * GI,
    overBy: 0,
    pods: null,
    ...o,
  };
}

// 5 000 nodes whose allocatable shrinks; scattered among them, nodes that stop fitting pods, come
// under pressure, leave it, or meet a threshold without a condition change.
function fleet(): NodeOutcome[] {
  return Array.from({ length: 5000 }, (_, i) =>
    i % 997 === 3
      ? outcome(i, { overBy: (i + 1) * 1024 ** 2 })
      : i % 1301 === 7
        ? outcome(i, { pressureAfter: ["MemoryPressure"], metAfter: ["memory.available hard"] })
        : i % 1709 === 11
          ? outcome(i, { pressureBefore: ["DiskPressure"] })
          : i % 211 === 5
            ? outcome(i, { metAfter: ["nodefs.available soft"] })
            : outcome(i),
  );
}

describe("forPage (what the fleet worker sends to the page)", () => {
  const all = fleet();
  const page = forPage({ size: 5000, changed: all, withoutStats: [], errors: [] });
  const scope = { nodes: 5000, pods: 150_000, single: false };

  it("words the same verdict as the full result", () => {
    expect(whatIfVerdict(page.changed, scope)).toEqual(whatIfVerdict(all, scope));
    expect(whatIfVerdict(page.changed, scope).tone).toBe("bad");
  });

  it("keeps the listed nodes, the nodes whose pods are loaded, in row order, and the total", () => {
    expect(page.changedCount).toBe(5000);
    expect(page.changed.length).toBeLessThan(200);
    expect(page.changed.slice(0, LISTED)).toEqual(all.slice(0, LISTED));
    expect(page.changed.filter(concernsPods).slice(0, PODS_FOR_NODES)).toEqual(all.filter(concernsPods).slice(0, PODS_FOR_NODES));
    const order = page.changed.map((o) => all.indexOf(o));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("leaves a small result whole", () => {
    const small = all.slice(0, 30);
    expect(forPage({ size: 30, changed: small, withoutStats: [], errors: [] }).changed).toEqual(small);
  });
});
