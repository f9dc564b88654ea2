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

describe("pool-drift with entries only the odd node has", () => {
  const soft = (name: string) => ({
    name,
    pool: "p",
    kubeletConfig: {
      evictionHard: FULL,
      evictionSoft: { "memory.available": "1Gi" },
      evictionSoftGracePeriod: { "memory.available": "1m30s" },
    },
    kubeletFlags: null,
  });
  const extraHard = (name: string) => ({
    name,
    pool: "p",
    kubeletConfig: { evictionHard: { ...FULL, "pid.available": "10%" } },
    kubeletFlags: null,
  });

  it("names the entries to remove and writes the maps whole without them ({} when emptied)", () => {
    const fs = adviseFleet([member("a", "p"), member("b", "p"), soft("c")]);
    expect(fs.map((f) => `${f.rule}:${f.node}`)).toEqual(["pool-drift:c"]);
    const fix = fs[0]!.fix!;
    expect(fix.text).toContain("which removes evictionSoft memory.available; evictionSoftGracePeriod memory.available");
    expect(fix.yaml).toContain("evictionSoft: {}");
    expect(fix.yaml).toContain("evictionSoftGracePeriod: {}");
    expect(fix.yaml).not.toContain('"1Gi"');
    expect(fix.flags).not.toContain("eviction-soft");
  });

  it("removes an extra entry from a map the pool also sets", () => {
    const fs = adviseFleet([member("a", "p"), member("b", "p"), extraHard("c")]);
    const fix = fs[0]!.fix!;
    expect(fs[0]!.message).toContain("evictionHard pid.available is 10% on this node and unset on 2 of its 3 nodes");
    expect(fix.text).toContain("which removes evictionHard pid.available");
    expect(fix.yaml).toContain('memory.available: "100Mi"');
    expect(fix.yaml).not.toContain("pid.available");
    expect(fix.flags).toMatch(/^--eviction-hard='[^']*'$/);
    expect(fix.flags).not.toContain("pid.available");
  });

  it("says nothing of removal when the node lacks nothing the pool has not (silent)", () => {
    const fs = adviseFleet([member("a", "p"), member("b", "p"), member("c", "p", "500Mi")]);
    expect(fs[0]!.fix!.text).toBe("Give this node the settings 2 of the pool's nodes run.");
    expect(fs[0]!.fix!.remove).toBeUndefined();
  });
});
