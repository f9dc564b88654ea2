import { describe, expect, it } from "vitest";

import { adviseFleet, adviseNode } from "./advisor-fixes";

// A partial evictionHard: the kubelet fills no defaults for the missing signals (partial-eviction-hard).
const config = { evictionHard: { "memory.available": "300Mi" } };
const node = (name: string, kubeletFlags: string | null, kubeletConfig: unknown = config) => ({
  name,
  pool: "p",
  kubeletConfig,
  kubeletFlags,
});
const fixOf = (fs: ReturnType<typeof adviseNode>) => fs.find((f) => f.rule === "partial-eviction-hard")?.fix;

describe("fixes written once per configuration", () => {
  it("gives nodes that share a configuration object the fix each would get alone", () => {
    const fleet = adviseFleet([node("a", null), node("b", null)]);
    const alone = fixOf(adviseNode(node("a", null, structuredClone(config))));
    expect(alone?.yaml).toMatch(/evictionHard:/);
    for (const n of ["a", "b"]) expect(fleet.find((f) => f.node === n && f.rule === "partial-eviction-hard")?.fix).toEqual(alone);
  });
  it("does not reuse a fix across different flags on the same configuration object", () => {
    const flags = "--eviction-hard=memory.available<500Mi";
    const withFlags = fixOf(adviseNode(node("c", flags)));
    const without = fixOf(adviseNode(node("d", null)));
    expect(withFlags).toEqual(fixOf(adviseNode(node("c", flags, structuredClone(config)))));
    expect(withFlags?.flags).not.toEqual(without?.flags);
  });
});
