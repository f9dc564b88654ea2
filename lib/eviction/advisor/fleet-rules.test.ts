import { describe, expect, it } from "vitest";

import { adviseFleet } from "@/lib/whatif/advisor-fixes";

const FULL = {
  "memory.available": "100Mi",
  "nodefs.available": "10%",
  "nodefs.inodesFree": "5%",
  "imagefs.available": "15%",
  "imagefs.inodesFree": "5%",
};
const member = (name: string, pool: string | null, memory = "100Mi") => ({
  name,
  pool,
  kubeletConfig: { evictionHard: { ...FULL, "memory.available": memory } },
  kubeletFlags: null,
});

describe("pool-drift", () => {
  it("reports the odd node against the pool's most common settings, with those as its fix", () => {
    const fs = adviseFleet([member("a", "p"), member("b", "p"), member("c", "p", "500Mi"), member("d", "q", "500Mi")]);
    expect(fs.map((f) => `${f.rule}:${f.node}`)).toEqual(["pool-drift:c"]);
    expect(fs[0]?.message).toBe(
      "Pool p: evictionHard memory.available is 500Mi on this node and 100Mi on 2 of its 3 nodes, so the pool's nodes evict at different points.",
    );
    expect(fs[0]?.fix?.yaml).toContain('memory.available: "100Mi"');
  });
  it("stays silent when a pool agrees, and for nodes without a pool", () => {
    expect(adviseFleet([member("a", "p"), member("b", "p"), member("c", null, "500Mi")])).toEqual([]);
  });
});
