// One replica with HEADROOM_SHARDING=lease behind the real route handlers: its Lease in the sim,
// /api/readyz saying what it holds, /metrics with the replica families, and /api/peer/part
// answering only with the peer secret (401 and no data otherwise).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET as cluster } from "@/app/api/cluster/route";
import { GET as node } from "@/app/api/nodes/[name]/route";
import { GET as peerDocuments } from "@/app/api/peer/documents/route";
import { GET as peerNode } from "@/app/api/peer/nodes/[name]/route";
import { GET as peerOverview } from "@/app/api/peer/overview/route";
import { GET as part } from "@/app/api/peer/part/route";
import { GET as readyz } from "@/app/api/readyz/route";
import { GET as metrics } from "@/app/metrics/route";
import { clusterOverview } from "@/lib/contract/dto";
import { ownerOf } from "@/lib/k8s/replicas/assignment";
import { currentShard } from "@/lib/k8s/replicas/runtime";
import { configureCluster, getCache, resetCluster } from "@/lib/k8s/store/runtime";
import { startSim, type Sim } from "@/lib/sim";

import { FAST, until } from "../k8s/helpers";
import { ghostLease } from "./in-process-replica";

const SECRET = "peer-secret-0123456789";
const ENV = [
  "HEADROOM_SHARDING",
  "HEADROOM_REPLICA_NAME",
  "HEADROOM_PEER_URL",
  "HEADROOM_LEASE_NAMESPACE",
  "HEADROOM_PEER_TOKEN_FILE",
];

describe("a sharded replica's routes", () => {
  let sim: Sim;
  const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "headroom-peer-"));
    writeFileSync(join(dir, "token"), `${SECRET}\n`);
    Object.assign(process.env, {
      HEADROOM_SHARDING: "lease",
      HEADROOM_REPLICA_NAME: "solo",
      HEADROOM_PEER_URL: "http://127.0.0.1:1",
      HEADROOM_LEASE_NAMESPACE: "default",
      HEADROOM_PEER_TOKEN_FILE: join(dir, "token"),
    });
    sim = await startSim({ scenario: "healthy" });
    await configureCluster({ source: { kind: "text", yaml: sim.kubeconfigYaml }, settings: FAST, now: () => sim.clock.now() });
    getCache();
  });
  afterAll(async () => {
    await resetCluster();
    for (const k of ENV)
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    await sim?.close();
  });

  it("holds its Lease, owns every node alone, and says so in readyz and /metrics", async () => {
    await until(() => currentShard()?.shard.membership.status().holding === true, 15_000, "the Lease");
    const { cache } = getCache();
    await until(() => cache.states.size === sim.cluster.nodes.length && cache.ready(), 15_000, "all nodes");
    const lease = sim.cluster.stores.leases.get("default", "headroom-replica-solo");
    expect(lease?.src.metadata.labels).toEqual({ "headroom.dev/replica": "true" });
    const r = await readyz();
    expect(r.status).toBe(200);
    expect((await r.json()).replica).toMatchObject({ identity: "solo", holding: true, members: ["solo"], error: null });
    const text = await (await metrics()).text();
    expect(text).toContain(`headroom_replica_owned_nodes{replica="solo"} ${sim.cluster.nodes.length}`);
    expect(text).toContain('headroom_replica_holding_lease{replica="solo"} 1');
  });

  it("serves its part to peers with the secret only", async () => {
    const get = (auth?: string) => part(new Request("http://x/api/peer/part", { headers: auth ? { authorization: auth } : {} }));
    for (const bad of [undefined, "Bearer wrong-secret-0123456789", `Bearer ${SECRET}x`]) {
      const res = await get(bad);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: "peer token required" });
    }
    const ok = await get(`Bearer ${SECRET}`);
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body.identity).toBe("solo");
    expect(body.nodes.map((n: { name: string }) => n.name).sort()).toEqual(sim.cluster.nodes.map((n) => n.name).sort());
  });

  it("forwards another replica's node to its owner, and names the owner when it does not answer", async () => {
    const nodeReq = (name: string, auth?: string) =>
      (auth ? peerNode : node)(new Request(`http://x/api/nodes/${name}`, { headers: auth ? { authorization: auth } : {} }), {
        params: Promise.resolve({ name }),
      });
    // The peer route: the secret or nothing.
    const mine = sim.cluster.nodes[0]!.name;
    expect((await nodeReq(mine, "Bearer nope-nope-nope-nope")).status).toBe(401);
    expect((await nodeReq(mine, `Bearer ${SECRET}`)).status).toBe(200);
    // A second member whose peer URL answers nothing (a closed port), named so that it owns some of
    // the three nodes and leaves this replica some.
    const names = sim.cluster.nodes.map((n) => n.name);
    const split = (g: string) => names.map((n) => ownerOf(n, [g, "solo"]));
    const ghost = ["ghost", "ghost-1", "ghost-2", "phantom", "spectre", "wraith"].find(
      (g) => split(g).includes(g) && split(g).includes("solo"),
    )!;
    const ghosts = names.filter((n) => ownerOf(n, [ghost, "solo"]) === ghost);
    const own = names.filter((n) => ownerOf(n, [ghost, "solo"]) === "solo");
    sim.cluster.stores.leases.put(ghostLease(ghost));
    await until(() => currentShard()?.shard.membership.members().length === 2, 15_000, "two members");
    const res = await nodeReq(ghosts[0]!);
    expect(res.status).toBe(502);
    const body = await res.json();
    expect(body).toMatchObject({ owner: ghost });
    expect(body.error).toMatch(new RegExp(`^owner unreachable: replica ${ghost} \\(Lease last renewed \\d+ s ago\\): `));
    expect(typeof body.lastSeenSeconds).toBe("number");
    // Its own nodes are still served here.
    expect((await nodeReq(own[0]!)).status).toBe(200);
    // The fleet overview through the real route: this replica's rows, and the ghost's nodes as
    // owner unreachable (never missing); the document says it is not complete.
    const fleet = clusterOverview.parse(await (await cluster(new Request("http://x/api/cluster"))).json());
    expect(fleet.nodes.map((n) => n.name).sort()).toEqual([...names].sort());
    expect(fleet.cluster).toMatchObject({
      ready: false,
      nodesTotal: names.length,
      replicas: { identity: "solo", unreachable: [ghost] },
    });
    for (const n of fleet.nodes)
      if (ghosts.includes(n.name))
        expect(n.ownerUnreachable).toMatch(new RegExp(`^owner unreachable: replica ${ghost}, Lease last renewed \\d+ s ago`));
      else expect(n).toMatchObject({ owner: "solo", collection: { state: "ok" } });
    const head = clusterOverview.parse(await (await cluster(new Request("http://x/api/cluster?nodes=none"))).json());
    expect(head).toMatchObject({ nodes: [], cluster: { nodesTotal: names.length } });
    // Its peer route: rows with the secret only.
    const po = (auth?: string) =>
      peerOverview(new Request("http://x/api/peer/overview", { headers: auth ? { authorization: auth } : {} }));
    const refused = await po("Bearer wrong-secret-0123456789");
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: "peer token required" });
    const mine2 = clusterOverview.parse(await (await po(`Bearer ${SECRET}`)).json());
    expect(mine2.nodes.map((n) => n.name).sort()).toEqual([...own].sort());
    // Its documents for a peer: the secret first (401 names nothing), then 400 for bad names; the
    // nodes it owns as documents, the others as missing.
    const pd = (query: string, auth?: string) =>
      peerDocuments(new Request(`http://x/api/peer/documents?${query}`, { headers: auth ? { authorization: auth } : {} }));
    const noSecret = await pd("names=..%2Fetc");
    expect(noSecret.status).toBe(401);
    expect(await noSecret.json()).toEqual({ error: "peer token required" });
    expect((await pd("names=..%2Fetc", `Bearer ${SECRET}`)).status).toBe(400);
    const docs = await (await pd(`names=${[ghosts[0], own[0]].join(",")}`, `Bearer ${SECRET}`)).json();
    expect(docs.documents.map((d: { row: { name: string } }) => d.row.name)).toEqual([own[0]]);
    expect(docs.missing).toEqual([{ name: ghosts[0], error: `node "${ghosts[0]}" not held by replica solo` }]);
  });
});
