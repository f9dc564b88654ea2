import { describe, expect, it } from "vitest";

import type { Pod, Summary } from "../../eviction";
import { EvictionManager, type BrainInput } from "./kubelet-brain";

const MI = 1024 ** 2;
const GI = 1024 ** 3;

function pod(name: string, priority = 0): Pod {
  return {
    metadata: { name, namespace: "d", uid: name },
    spec: { priority, containers: [{ name: "c", resources: { requests: { memory: "100Mi" } } }] },
    status: { phase: "Running", qosClass: "Burstable" },
  };
}

function input(available: number, pods: Pod[]): BrainInput {
  const summary: Summary = {
    node: { memory: { availableBytes: available, workingSetBytes: 8 * GI - available } },
    pods: pods.map((p, i) => ({
      podRef: { name: p.metadata!.name!, namespace: "d", uid: p.metadata!.uid! },
      memory: { workingSetBytes: (500 - i * 100) * MI },
    })),
  };
  return {
    node: { metadata: { name: "n" }, status: { capacity: { memory: "8Gi", cpu: "2" } } },
    pods,
    summary,
    kubeletConfig: { evictionHard: { "memory.available": "300Mi" }, evictionMinimumReclaim: { "memory.available": "500Mi" } },
  };
}

describe("EvictionManager", () => {
  it("keeps evicting while a threshold is held only by its minimum reclaim", () => {
    const m = new EvictionManager();
    const pods = [pod("a"), pod("b"), pod("c")];
    const noReclaim = () => undefined;
    const first = m.synchronize(input(200 * MI, pods), 0, noReclaim);
    expect(first.evict?.uid).toBe("a");
    expect(first.evict?.message).toMatch(
      /^The node was low on resource: memory\. Threshold quantity: 300Mi, available: 200Mi\. /,
    );
    // 600Mi available: above 300Mi, below 300Mi + 500Mi min-reclaim → the kubelet goes on
    const second = m.synchronize(input(600 * MI, pods.slice(1)), 10_000, noReclaim);
    expect(second.conditions.MemoryPressure).toBe(true);
    expect(second.evict?.uid).toBe("b");
    // 900Mi clears 800Mi: no more evictions, but the condition stays for the transition period
    const third = m.synchronize(input(900 * MI, pods.slice(2)), 20_000, noReclaim);
    expect(third.evict).toBeUndefined();
    expect(third.conditions.MemoryPressure).toBe(true);
  });

  it("never evicts a critical pod", () => {
    const m = new EvictionManager();
    const critical = { ...pod("sys", 2_000_001_000) };
    const d = m.synchronize(input(100 * MI, [critical]), 0, () => undefined);
    expect(d.conditions.MemoryPressure).toBe(true);
    expect(d.evict).toBeUndefined();
  });
});
