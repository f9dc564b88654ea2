import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { assign, ownerOf } from "./assignment";

const name = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,20}$/);
const members = fc.uniqueArray(name, { minLength: 1, maxLength: 8 });
const nodes = fc.uniqueArray(name, { minLength: 1, maxLength: 200 });

describe("rendezvous assignment", () => {
  it("gives every node exactly one owner, a live member, whatever the membership and its order", () => {
    fc.assert(
      fc.property(nodes, members, (ns, ms) => {
        const a = assign(ns, ms);
        expect(a.size).toBe(ns.length);
        for (const n of ns) expect(ms).toContain(a.get(n));
        const reversed = assign(ns, [...ms].reverse());
        for (const n of ns) expect(reversed.get(n)).toBe(a.get(n));
      }),
    );
  });

  it("moves only the leaving member's nodes when one leaves", () => {
    fc.assert(
      fc.property(
        nodes,
        members.filter((m) => m.length >= 2),
        fc.nat(),
        (ns, ms, k) => {
          const gone = ms[k % ms.length]!;
          const before = assign(ns, ms);
          const after = assign(
            ns,
            ms.filter((m) => m !== gone),
          );
          for (const n of ns) {
            if (before.get(n) !== gone) expect(after.get(n)).toBe(before.get(n));
            else expect(after.get(n)).not.toBe(gone);
          }
        },
      ),
    );
  });

  it("moves nodes only to the member that joins", () => {
    fc.assert(
      fc.property(nodes, members, name, (ns, ms, joiner) => {
        fc.pre(!ms.includes(joiner));
        const before = assign(ns, ms);
        const after = assign(ns, [...ms, joiner]);
        for (const n of ns) if (after.get(n) !== before.get(n)) expect(after.get(n)).toBe(joiner);
      }),
    );
  });

  it("spreads 6 000 nodes over three members within 5 % of a third each", () => {
    const ns = Array.from({ length: 6000 }, (_, i) => `node-${String(i).padStart(5, "0")}`);
    const counts = new Map<string, number>();
    for (const o of assign(ns, ["headroom-0", "headroom-1", "headroom-2"]).values()) counts.set(o, (counts.get(o) ?? 0) + 1);
    expect(counts.size).toBe(3);
    for (const c of counts.values()) expect(Math.abs(c - 2000)).toBeLessThan(100);
  });

  it("has no owner without members", () => {
    expect(ownerOf("n1", [])).toBeUndefined();
    expect(assign(["n1"], []).size).toBe(0);
  });
});
