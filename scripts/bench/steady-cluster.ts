// When a bench's Headroom servers are steady: every node collected in each one's fleet document
// and, sharded, every member answering, without a break for a while. `ready` is not that: a
// sharded fleet reshards as each member arrives, and each replica then lists the pods again.

/** The head of a server's fleet document (`/api/cluster?nodes=none`). */
export interface ClusterHead {
  ready: boolean;
  nodesTotal: number;
  nodesCollected: number;
  replicas?: { members: string[]; unreachable: string[] };
}

export const clusterHead = async (base: string): Promise<ClusterHead> =>
  ((await (await fetch(`${base}/api/cluster?nodes=none`)).json()) as { cluster: ClusterHead }).cluster;

/** The head in words: how many nodes are collected, and, sharded, the members and who does not answer. */
export const headText = (c: ClusterHead): string =>
  `${c.nodesCollected} of ${c.nodesTotal} nodes collected, ready ${c.ready}` +
  (c.replicas ? `, members ${c.replicas.members.join(" ")}, not answering: ${c.replicas.unreachable.join(" ") || "none"}` : "");

/** What steady means: `nodes` in all, every one collected; `replicas` members answering (0: not sharded). */
export interface Steady {
  nodes: number;
  replicas: number;
}

export const isSteady = (c: ClusterHead, want: Steady): boolean =>
  c.ready &&
  c.nodesTotal === want.nodes &&
  c.nodesCollected === want.nodes &&
  (want.replicas === 0 || (c.replicas?.members.length === want.replicas && c.replicas.unreachable.length === 0));

/**
 * Waits until every server at `bases` has been steady for `forMs` without a break, asking every
 * `pollMs`; returns how long that took, or throws after `giveUpMs`.
 */
export async function waitSteady(
  bases: string[],
  want: Steady,
  forMs: number,
  { pollMs = 2000, giveUpMs = 900_000 } = {},
): Promise<number> {
  const t0 = performance.now();
  let since = t0;
  while (performance.now() - since < forMs) {
    if (performance.now() - t0 > giveUpMs)
      throw new Error(`not steady within ${Math.round(giveUpMs / 1000)} s: ${bases.join(" ")}`);
    await new Promise((r) => setTimeout(r, pollMs));
    const heads = await Promise.all(bases.map((b) => clusterHead(b).catch(() => null)));
    if (!heads.every((h) => h && isSteady(h, want))) since = performance.now();
  }
  return performance.now() - t0;
}
