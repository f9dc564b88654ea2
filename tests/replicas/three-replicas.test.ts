// Three replicas of the data layer (cache + membership + shard, in-process, each with its own
// HTTP clients) against one simulated cluster of 600 nodes, over loopback, with the product's 10 s
// Summary interval and the bounds (every node within 3 min, 0.8-1.2 Summaries per node per
// 10 s, stats no older than 40 s within 60 s of a kill) and the product's Leases (15 s, renewed every
// 2 s). Shortened: the steady-state window is 20 s instead of 60 s. Takes ~2-3 min on a loaded
// 2-core machine: the sim and the three replicas share one event loop.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ClusterClient, loadKubeConfig } from "@/lib/k8s/io/client";
import { renderCacheMetrics } from "@/lib/k8s/metrics/exposition";
import { Membership } from "@/lib/k8s/replicas/membership";
import { Shard } from "@/lib/k8s/replicas/shard";
import type { ClusterCache } from "@/lib/k8s/store/cache";
import { startSim, type Sim } from "@/lib/sim";

import { cacheFor, until } from "../k8s/helpers";

const INTERVAL = 10_000;
const NODES = 600;
let startedAt = 0;

interface Replica {
  name: string;
  cache: ClusterCache;
  membership: Membership;
}

function startReplica(sim: Sim, name: string): Replica {
  const client = new ClusterClient(loadKubeConfig({ kind: "text", yaml: sim.kubeconfigFor("full") }));
  const membership = new Membership({
    client,
    namespace: "default",
    identity: name,
    peerUrl: `http://127.0.0.1:0/${name}`,
  });
  const shard = new Shard(membership, name);
  // The cache is built by the shared helper; its `owns` asks the shard.
  const cache = cacheFor(
    sim,
    "full",
    { summaryIntervalMs: INTERVAL, concurrency: 32, historySeconds: 30, kubeletTimeoutMs: 5000 },
    { owns: shard.owns },
  );
  shard.attach(cache);
  membership.onChange((m) => console.log(`${name}: members ${m.join(",")} at ${Date.now() - startedAt} ms`));
  membership.start();
  return { name, cache, membership };
}

const STATS_MAX_AGE = 40_000;

const owned = (rs: Replica[]) => rs.map((r) => new Set(r.cache.states.keys()));

/** Nodes whose last Summary is at most `maxAgeMs` old, counted once per replica that holds them. */
function freshCoverage(rs: Replica[], maxAgeMs: number): { covered: number; duplicates: number } {
  const seen = new Map<string, number>();
  for (const r of rs)
    for (const [name, s] of r.cache.states)
      if (s.summaryAt !== null && Date.now() - s.summaryAt <= maxAgeMs) seen.set(name, (seen.get(name) ?? 0) + 1);
  let duplicates = 0;
  for (const c of seen.values()) if (c > 1) duplicates++;
  return { covered: seen.size, duplicates };
}

function statsAgeNodes(cache: ClusterCache): string[] {
  return [...renderCacheMetrics(cache).matchAll(/^headroom_node_stats_age_seconds\{node="([^"]+)"/gm)].map((m) => m[1]!);
}

describe("three replicas share one 600-node cluster through Leases", () => {
  let sim: Sim;
  let rs: Replica[];
  beforeAll(async () => {
    sim = await startSim({ scenario: "large", params: { nodes: NODES, deployments: 60, replicas: 10 }, clock: "realtime" });
    startedAt = Date.now();
    rs = ["headroom-0", "headroom-1", "headroom-2"].map((n) => startReplica(sim, n));
  }, 60_000);
  afterAll(async () => {
    for (const r of rs ?? []) {
      await r.membership.stop();
      r.cache.stop();
    }
    await sim?.close();
  });

  it("collects every node once, from one replica, and covers a killed replica's nodes", async () => {
    // All members seen by all; every node collected within 3 min (here: well under a minute).
    await until(() => rs.every((r) => r.membership.members().length === 3), 60_000, "three members");
    console.log("three members after", Date.now() - startedAt, "ms");
    await until(() => freshCoverage(rs, STATS_MAX_AGE).covered === NODES, 180_000, "every node collected").catch((e: Error) => {
      const failures = rs.map((r) => r.cache.collectStats.failures);
      throw new Error(`${e.message}: ${JSON.stringify(freshCoverage(rs, STATS_MAX_AGE))}, failures ${failures.join("/")}`);
    });
    const sets = owned(rs);
    expect(sets.reduce((a, s) => a + s.size, 0)).toBe(NODES);
    for (const s of sets) expect(s.size).toBeGreaterThan(NODES / 3 - 60);
    // Pods of other replicas' nodes are not held: each holds about a third.
    const totalPods = sim.cluster.stores.pods.size;
    console.log("pods held per replica", rs.map((r) => r.cache.pods.store.size).join("/"), "of", totalPods);
    for (const r of rs) expect(r.cache.pods.store.size).toBeLessThan(totalPods / 2);
    // ...and all of them: the pods of every owned node arrive (listed again when nodes are gained).
    await until(
      () => rs.reduce((a, r) => a + r.cache.pods.store.size, 0) === totalPods,
      30_000,
      "every pod held by its node's owner",
    );
    for (const [i, r] of rs.entries())
      for (const p of r.cache.pods.store.values()) if (p.spec?.nodeName) expect(sets[i]!.has(p.spec.nodeName)).toBe(true);

    // Steady state: Summary requests per node per interval, counted by the simulated kubelets: the
    // issue's 0.8-1.2 (no replica polls another's nodes, none is left out), and every node fresh.
    const before = sim.counters.get("kubelet.summary");
    console.log(
      "collected all after",
      Date.now() - startedAt,
      "ms; failed Summaries per replica",
      rs.map((r) => r.cache.collectStats.failures).join("/"),
    );
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, 2 * INTERVAL));
    const rate = (sim.counters.get("kubelet.summary") - before) / NODES / ((Date.now() - t0) / INTERVAL);
    console.log("summary requests per node per interval", rate);
    expect(rate).toBeGreaterThanOrEqual(0.8);
    expect(rate).toBeLessThanOrEqual(1.2);
    expect(freshCoverage(rs, STATS_MAX_AGE)).toEqual({ covered: NODES, duplicates: 0 });
    // Each node's stats age series is exported by exactly one replica.
    const exported = rs.flatMap((r) => statsAgeNodes(r.cache));
    expect(exported).toHaveLength(NODES);
    expect(new Set(exported).size).toBe(NODES);

    // SIGKILL-like: the third replica stops without releasing its Lease.
    const dead = rs[2]!;
    const itsNodes = [...dead.cache.states.keys()];
    await dead.membership.stop(false);
    dead.cache.stop();
    const live = rs.slice(0, 2);
    const killedAt = Date.now();
    await until(
      () => live.every((r) => r.membership.members().length === 2) && freshCoverage(live, STATS_MAX_AGE).covered === NODES,
      60_000,
      "the survivors cover every node",
    );
    const tookMs = Date.now() - killedAt;
    console.log("failover took", tookMs, "ms");
    expect(tookMs).toBeLessThan(60_000);
    for (const n of itsNodes) expect(live.some((r) => r.cache.states.get(n)?.summaryAt)).toBe(true);

    // Restart: it joins again and owns nodes; every node still collected once.
    rs[2] = startReplica(sim, "headroom-2");
    await until(() => rs.every((r) => r.membership.members().length === 3), 20_000, "three members again");
    await until(
      () => rs[2]!.cache.states.size > NODES / 3 - 60 && freshCoverage(rs, STATS_MAX_AGE).covered === NODES,
      60_000,
      "the restarted replica collects",
    );
    await until(() => owned(rs).reduce((a, s) => a + s.size, 0) === NODES, 10_000, "one owner per node");
    const exportedAgain = rs.flatMap((r) => statsAgeNodes(r.cache));
    expect(new Set(exportedAgain).size).toBe(NODES);
    expect(exportedAgain).toHaveLength(NODES);
  }, 420_000);
});
