// Pool drift: nodes of one pool should run one eviction configuration. The odd ones out are reported
// against the configuration most of the pool runs, with that configuration as their fix.
import type { EvictionConfig } from "../config/config-types";
import { MAP_KEYS } from "../config/kubelet-config";
import { mapFix, type RawConfig } from "./fix";
import type { Finding } from "./types";

// every map the kubelet reads for eviction and reservation, from its reader
const COMPARED = MAP_KEYS;
type Compared = (typeof COMPARED)[number];

export interface PoolMember {
  node: string;
  pool: string | null;
  config: EvictionConfig;
  raw: RawConfig;
}

const sorted = (m: Record<string, string> | null) =>
  Object.fromEntries(Object.entries(m ?? {}).sort(([a], [b]) => a.localeCompare(b)));
const keyOf = (c: EvictionConfig) => JSON.stringify(COMPARED.map((k) => sorted(c[k])));

/** The first setting two configs differ in, as "evictionHard memory.available: 500Mi here, 100Mi on 3 nodes". */
function firstDifference(
  mine: EvictionConfig,
  theirs: EvictionConfig,
): { key: Compared; entry: string; here: string; there: string } | null {
  for (const key of COMPARED) {
    const a = mine[key] ?? {};
    const b = theirs[key] ?? {};
    for (const entry of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      if (a[entry] !== b[entry]) return { key, entry, here: a[entry] ?? "unset", there: b[entry] ?? "unset" };
    }
  }
  return null;
}

/** Reports every node whose eviction settings differ from the most common ones of its pool. */
export function poolDrift(members: readonly PoolMember[]): Finding[] {
  const pools = new Map<string, PoolMember[]>();
  for (const m of members) {
    if (m.pool === null) continue;
    // push, not a copy per member: a 5 000-node pool made that 12.5 M element copies a pass
    const inPool = pools.get(m.pool);
    if (inPool) inPool.push(m);
    else pools.set(m.pool, [m]);
  }
  const out: Finding[] = [];
  for (const [pool, nodes] of pools) {
    const groups = new Map<string, PoolMember[]>();
    for (const n of nodes) {
      const key = keyOf(n.config);
      const group = groups.get(key);
      if (group) group.push(n);
      else groups.set(key, [n]);
    }
    if (groups.size < 2) continue;
    // The most common configuration; on a tie, the one of the first node by name, so the answer is stable.
    const ranked = [...groups.values()].sort((a, b) => b.length - a.length || a[0]!.node.localeCompare(b[0]!.node));
    const common = ranked[0]!;
    const ref = common[0]!.config;
    for (const group of ranked.slice(1)) {
      for (const n of group) {
        const d = firstDifference(n.config, ref);
        if (!d) continue;
        const whatIf = Object.fromEntries(
          COMPARED.filter((k) => keyOf({ ...n.config, [k]: ref[k] }) !== keyOf(n.config) || k === d.key).map((k) => [
            k,
            { ...(ref[k] ?? {}) },
          ]),
        );
        // entries only this node has: a what-if cannot delete them, so the fix names them and the fragment leaves them out
        const remove = Object.fromEntries(
          COMPARED.map((k): [Compared, string[]] => [
            k,
            Object.keys(n.config[k] ?? {})
              .filter((e) => !(e in (ref[k] ?? {})))
              .sort(),
          ]).filter(([, keys]) => keys.length > 0),
        ) as Partial<Record<Compared, string[]>>;
        const removal = Object.entries(remove)
          .map(([k, keys]) => `${k} ${keys!.join(", ")}`)
          .join("; ");
        const text = removal
          ? `Give this node the settings ${common.length} of the pool's nodes run, which removes ${removal}: replace these maps whole where the node sets them (its KubeletConfiguration file or flags; a map left empty is set nowhere), as a fragment that only adds entries leaves the old ones in place.`
          : `Give this node the settings ${common.length} of the pool's nodes run.`;
        out.push({
          rule: "pool-drift",
          severity: "warning",
          node: n.node,
          message: `Pool ${pool}: ${d.key} ${d.entry} is ${d.here} on this node and ${d.there} on ${common.length} of its ${nodes.length} nodes, so the pool's nodes evict at different points.`,
          fix: mapFix(text, whatIf, n.raw, remove),
        });
      }
    }
  }
  return out;
}
