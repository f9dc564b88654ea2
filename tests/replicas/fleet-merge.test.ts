// Three replicas of the data layer (cache + membership + shard) in one process against a 30-node
// simulated cluster, each behind its own loopback HTTP server that serves the peer route
// (/api/peer/overview) and the fleet overview (/api/cluster) through lib/k8s/replicas/merge/fleet-merge.ts, so the
// merge goes over real HTTP with the real peer secret. Checks: every replica's overview lists every
// node with its owner; a replica stopped without releasing its Lease (its server accepting but never
// answering, the slowest failure) has its nodes listed as owner unreachable within the 3 s bound;
// a peer request without the secret gets 401 and no rows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { clusterOverview, type ClusterOverview } from "@/lib/contract/dto";
import { clustersFromOverview } from "@/lib/k8s/replicas/merge/clusters-merge";
import { MERGE_TIMEOUT_MS, mergedOverview } from "@/lib/k8s/replicas/merge/fleet-merge";
import { peerOverview } from "@/lib/k8s/replicas/peer/peer-overview";
import { startSim, type Sim } from "@/lib/sim";

import { until } from "../k8s/helpers";
import { sendJson, startReplica, stopReplicas, type InProcessReplica } from "./in-process-replica";

const NODES = 30;
const SECRET = "fleet-merge-secret-0123456789";
const INFO = { context: "sim", contexts: ["sim"], demo: false };

type Replica = InProcessReplica;

const startFleetReplica = (sim: Sim, name: string) =>
  startReplica(sim, name, 2000, (r, req, res) => {
    const ctx = { cache: r.cache, info: INFO, identity: name, peerToken: SECRET };
    if (req.url === "/api/peer/overview") {
      const p = peerOverview(req.headers.authorization ?? null, ctx);
      return sendJson(res, p.status, p.body);
    }
    if (req.url === "/api/cluster")
      return void mergedOverview({
        ...ctx,
        ...r.shard.view(),
      }).then(
        (d) => sendJson(res, 200, d),
        (e: Error) => sendJson(res, 500, { error: e.message }),
      );
    sendJson(res, 404, { error: "not found" });
  });

const overview = async (r: Replica): Promise<ClusterOverview> =>
  clusterOverview.parse(await (await fetch(`${r.url}/api/cluster`)).json());

async function eventually(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("any replica serves the whole fleet overview", () => {
  let sim: Sim;
  let rs: Replica[];
  beforeAll(async () => {
    sim = await startSim({ scenario: "large", params: { nodes: NODES, deployments: 6, replicas: 5 }, clock: "realtime" });
    rs = await Promise.all(["fm-0", "fm-1", "fm-2"].map((n) => startFleetReplica(sim, n)));
  }, 30_000);
  afterAll(async () => {
    await stopReplicas(rs ?? []);
    await sim?.close();
  });

  it("lists every node on every replica, each with its owner", async () => {
    await until(() => rs.every((r) => r.membership.members().length === 3), 40_000, "three members");
    const names = sim.cluster.nodes.map((n) => n.name).sort();
    for (const r of rs)
      await eventually(
        async () => {
          const d = await overview(r);
          return d.nodes.length === NODES && d.cluster.nodesCollected === NODES;
        },
        40_000,
        `${r.name}: every node collected`,
      );
    const owners = new Map<string, string>();
    for (const r of rs) {
      const d = await overview(r);
      expect(d.nodes.map((n) => n.name)).toEqual(names);
      expect(d.cluster.nodesTotal).toBe(NODES);
      expect(d.cluster.replicas).toEqual({ identity: r.name, members: ["fm-0", "fm-1", "fm-2"], unreachable: [] });
      expect(d.nodes.every((n) => n.ownerUnreachable === undefined && n.collection.state === "ok")).toBe(true);
      for (const n of d.nodes) {
        expect(owners.get(n.name) ?? n.owner).toBe(n.owner); // every replica names the same owner
        owners.set(n.name, n.owner!);
      }
      // Fleet-wide counts: capacity summed over every node, not only this replica's own.
      expect(d.summary.capacity.memory).toBeGreaterThan(0);
    }
    // /clusters without Prometheus: the one cluster over every replica's rows, not one replica's.
    const c = clustersFromOverview(await overview(rs[1]!), null);
    expect(c.clusters[0]).toMatchObject({ nodes: NODES, staleNodes: 0 });
    expect(c.replicas?.members).toEqual(["fm-0", "fm-1", "fm-2"]);
    // Each replica owns some nodes: the rows really come from three places.
    expect(new Set(owners.values())).toEqual(new Set(["fm-0", "fm-1", "fm-2"]));
  }, 90_000);

  it("refuses a peer request without the secret: 401 and no rows", async () => {
    for (const auth of [undefined, "Bearer wrong-secret-0123456789"]) {
      const res = await fetch(`${rs[0]!.url}/api/peer/overview`, { headers: auth ? { authorization: auth } : {} });
      expect(res.status).toBe(401);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ error: "peer token required" });
      expect(text).not.toContain("node-");
    }
  });

  it("lists a stopped replica's nodes as owner unreachable within the bound", async () => {
    const dead = rs[2]!;
    const before = await overview(rs[0]!);
    const its = before.nodes.filter((n) => n.owner === dead.name).map((n) => n.name);
    expect(its.length).toBeGreaterThan(0);
    // Crash-like: the Lease is left to expire, the process stops answering (connections hang).
    await dead.membership.stop(false);
    dead.cache.stop();
    dead.hung = true;
    for (const r of rs.slice(0, 2)) {
      const t0 = Date.now();
      const d = await overview(r);
      const took = Date.now() - t0;
      console.log(`${r.name}: merged with ${dead.name} hung in ${took} ms`);
      expect(took).toBeLessThan(MERGE_TIMEOUT_MS + 1500);
      expect(d.nodes).toHaveLength(NODES); // never a blank page
      expect(d.cluster.ready).toBe(false); // never a partial merge presented as complete
      expect(d.cluster.replicas?.unreachable).toEqual([dead.name]);
      for (const n of d.nodes.filter((x) => its.includes(x.name))) {
        expect(n.owner).toBe(dead.name);
        expect(n.ownerUnreachable).toMatch(
          /^owner unreachable: replica fm-2, Lease last renewed \d+ s ago \(no answer within 3000 ms\)$/,
        );
        expect(n.collection).toMatchObject({ state: "failed", error: n.ownerUnreachable });
      }
      expect(d.nodes.filter((n) => n.ownerUnreachable).map((n) => n.name)).toEqual(its);
      // /clusters says which replica is missing; its nodes are counted, as stale (no stats).
      const c = clustersFromOverview(d, null);
      expect(c.replicas?.unreachable).toEqual([dead.name]);
      expect(c.clusters[0]!.nodes).toBe(NODES);
      expect(c.clusters[0]!.staleNodes).toBeGreaterThanOrEqual(its.length);
    }
  }, 30_000);
});
