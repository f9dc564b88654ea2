// Which replica collects which node: rendezvous (highest-random-weight) hashing. Every replica
// computes it alone from the same inputs (the live members, the node names), so no assignment is
// ever stored or agreed on. A node goes to the member with the highest weight hash(member, node);
// when a member leaves only its nodes move (each to its runner-up), and a member that joins takes
// only the nodes it now wins — unlike kube-state-metrics' `hash % total`, where changing the total
// moves almost every object.

/** A 32-bit string hash (FNV-1a), computed once per name. */
function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** MurmurHash3's finalizer: a bijection on 32 bits with full avalanche. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

// Names hash once each; a (member, node) weight is then two multiplications and some shifts, so
// assigning 100 000 nodes over 20 members is 2 million of those, not 2 million string hashes.
const memberHashes = new Map<string, number>();
function memberHash(m: string): number {
  let h = memberHashes.get(m);
  if (h === undefined) {
    if (memberHashes.size > 10_000) memberHashes.clear();
    h = Math.imul(hash32(m), 0x9e3779b1) >>> 0;
    memberHashes.set(m, h);
  }
  return h;
}

/** The member that owns a node, or undefined when there are no members. Ties go to the smaller name. */
export function ownerOf(node: string, members: readonly string[]): string | undefined {
  const hn = hash32(node);
  let best: string | undefined;
  let bestW = -1;
  for (const m of members) {
    const w = fmix32(hn ^ memberHash(m));
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
