// Which replica collects which node: rendezvous (highest-random-weight) hashing. Every replica
// computes it alone from the same inputs (the live members, the node names), so no assignment is
// ever stored or agreed on. A node goes to the member with the highest weight hash(member, node);
// when a member leaves only its nodes move (each to its runner-up), and a member that joins takes
// only the nodes it now wins — unlike kube-state-metrics' `hash % total`, where changing the total
// moves almost every object.

/** cyrb53: a fast, well-mixed 53-bit string hash (exact in a double), enough to spread node names. */
function hash53(s: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** The weight of a member for a node (a separator keeps ("ab","c") and ("a","bc") apart). */
export function weight(member: string, node: string): number {
  return hash53(`${member}\u0000${node}`);
}

/** The member that owns a node, or undefined when there are no members. Ties go to the smaller name. */
export function ownerOf(node: string, members: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestW = -1;
  for (const m of members) {
    const w = weight(m, node);
    if (w > bestW || (w === bestW && best !== undefined && m < best)) {
      best = m;
      bestW = w;
    }
  }
  return best;
}

/** Owner of every node for a membership (members may come in any order; duplicates count once). */
export function assign(nodes: Iterable<string>, members: readonly string[]): Map<string, string> {
  const ms = [...new Set(members)];
  const out = new Map<string, string>();
  if (!ms.length) return out;
  for (const n of nodes) out.set(n, ownerOf(n, ms)!);
  return out;
}
