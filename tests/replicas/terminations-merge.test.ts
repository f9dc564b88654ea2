// /terminations on any replica: three replicas of the data layer (cache + membership + shard) in one
// process against the demo cluster played 32 minutes (every cause of death has happened), each
// behind its own loopback HTTP server serving /api/peer/terminations and /api/terminations through
// lib/k8s/replicas/merge/terminations-merge.ts, so the merge goes over real HTTP with the real peer secret.
// Checks: every replica's merged document has the same terminations as one unsharded cache over
// the same cluster, none twice; a peer request without the secret gets 401 and no data; a replica
// that stops answering is named unreachable within the bound and its nodes' terminations are
// missing from a document that says so.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { buildFleetTerminations } from "@/lib/k8s/documents/terminations-doc";
import { MERGE_TIMEOUT_MS } from "@/lib/k8s/replicas/merge/fleet-merge";
import { mergedTerminations, peerTerminations } from "@/lib/k8s/replicas/merge/terminations-merge";
import type { ClusterCache } from "@/lib/k8s/store/cache";
import { startSim, type Sim } from "@/lib/sim";
import { fleetTerminations, type FleetTerminations } from "@/lib/terminations/fleet";

import { cacheFor, until } from "../k8s/helpers";
import { sendJson, startReplica, stopReplicas, type InProcessReplica } from "./in-process-replica";

const SECRET = "terminations-merge-secret-0123456789";

type Replica = InProcessReplica;

const startTerminationsReplica = (sim: Sim, name: string) =>
  startReplica(sim, name, 1000, (r, req, res) => {
    const ctx = { cache: r.cache, identity: name, peerToken: SECRET, owns: r.shard.owns };
    if (req.url === "/api/peer/terminations") {
      const p = peerTerminations(req.headers.authorization ?? null, ctx);
      return sendJson(res, p.status, p.body);
    }
    if (req.url === "/api/terminations")
      return void mergedTerminations({ ...ctx, peers: r.membership.peers(), members: r.membership.members() }).then(
        (d) => sendJson(res, 200, d),
        (e: Error) => sendJson(res, 500, { error: e.message }),
      );
    sendJson(res, 404, { error: "not found" });
  });

const merged = async (r: Replica): Promise<FleetTerminations> =>
  fleetTerminations.parse(await (await fetch(`${r.url}/api/terminations`)).json());
async function untilAsync(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("did not converge");
    await new Promise((r) => setTimeout(r, 250));
  }
}
const ids = (d: FleetTerminations) => d.workloads.flatMap((w) => w.terminations.map((t) => t.id)).sort();

describe("any replica serves the whole fleet's terminations", () => {
  let sim: Sim;
  let rs: Replica[];
  let single: ClusterCache;
  beforeAll(async () => {
    sim = await startSim({ scenario: "demo" });
    sim.advance(1900); // the demo's warm-up: OOM kills, a drain, a preemption, a taint, evictions
    rs = await Promise.all(["tm-0", "tm-1", "tm-2"].map((n) => startTerminationsReplica(sim, n)));
    single = cacheFor(sim, "full", { summaryIntervalMs: 1000, kubeletTimeoutMs: 2000 });
  }, 30_000);
  afterAll(async () => {
    single?.stop();
    await stopReplicas(rs ?? []);
    await sim?.close();
  });

  it("lists every termination once on every replica, as one process would", async () => {
    await until(() => rs.every((r) => r.membership.members().length === 3), 40_000, "three members");
    const nodes = sim.cluster.nodes.map((n) => n.name);
    // Each node collected and analysed by its owner as by the single cache (the demo's k8s-node-00
    // never answers: its kubelet stopped), so signals (which name each eviction's signal, also for
    // evictions listed before the first Summary) and allocatable are in on both sides.
    const analysed = (c: ClusterCache, n: string) => c.states.get(n)?.signals != null;
    await until(
      () => {
        const got = nodes.filter((n) => analysed(single, n));
        return got.length >= nodes.length - 1 && got.every((n) => rs.some((r) => r.shard.owns(n) && analysed(r.cache, n)));
      },
      60_000,
      "every live node collected",
    );
    // Each informer reaches the cluster's state on its own watch: the replicas' merged documents
    // converge on the single cache's (within seconds), and are then compared whole.
    const same = async (r: Replica) => {
      const d = await merged(r);
      const whole = buildFleetTerminations(single);
      return (
        JSON.stringify(ids(d)) === JSON.stringify(ids(whole)) && JSON.stringify(d.workloads) === JSON.stringify(whole.workloads)
      );
    };
    for (const r of rs) await untilAsync(() => same(r), 20_000).catch(() => undefined);
    const whole = buildFleetTerminations(single);
    expect(whole.count).toBeGreaterThan(5);
    expect(new Set(whole.workloads.flatMap((w) => w.terminations.map((t) => t.cause))).size).toBeGreaterThan(3);
    const owners = new Set<string>();
    for (const r of rs) {
      const d = await merged(r);
      expect(d.replicas).toEqual({ identity: r.name, members: ["tm-0", "tm-1", "tm-2"], unreachable: [] });
      expect(ids(d)).toEqual(ids(whole));
      expect(new Set(ids(d)).size).toBe(d.count); // none twice
      // The same grouping and advice as one process gives.
      expect(d.workloads).toEqual(whole.workloads);
      for (const w of d.workloads) for (const t of w.terminations) if (t.node) owners.add(r.shard.ownerOf(t.node)!);
    }
    // The terminations really come from more than one replica.
    expect(owners.size).toBeGreaterThan(1);
  }, 120_000);

  it("refuses a peer request without the secret: 401 and no data", async () => {
    for (const auth of [undefined, "Bearer wrong-secret-0123456789"]) {
      const res = await fetch(`${rs[0]!.url}/api/peer/terminations`, { headers: auth ? { authorization: auth } : {} });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: "peer token required" });
    }
  });

  it("says which replica's share is missing when one does not answer", async () => {
    const dead = rs[2]!;
    const before = await merged(rs[0]!);
    const itsIds = before.workloads
      .flatMap((w) => w.terminations)
      .filter((t) => t.node && dead.shard.ownerOf(t.node) === dead.name)
      .map((t) => t.id);
    expect(itsIds.length).toBeGreaterThan(0);
    // Crash-like: the Lease is left to expire, the process stops answering (connections hang).
    await dead.membership.stop(false);
    dead.cache.stop();
    dead.hung = true;
    const t0 = Date.now();
    const d = await merged(rs[0]!);
    expect(Date.now() - t0).toBeLessThan(MERGE_TIMEOUT_MS + 1500);
    expect(d.replicas?.unreachable).toEqual([dead.name]);
    expect(d.replicas?.errors).toEqual([`replica ${dead.name}: no answer within ${MERGE_TIMEOUT_MS} ms`]);
    expect(ids(d)).toEqual(ids(before).filter((id) => !itsIds.includes(id)));
  }, 30_000);
});
