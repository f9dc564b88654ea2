// A node page asked of the wrong replica: two replicas of the data layer (cache + membership +
// shard) in one process against a 12-node simulated cluster, each behind its own loopback HTTP
// server serving the peer route (/api/peer/nodes/NAME) and the node route (/api/nodes/NAME) through
// lib/k8s/replicas/peer/forward.ts, so the forward goes over real HTTP with the real peer secret.
// Checks: a non-owner answers with the owner's document, byte for byte what the owner itself
// serves; the owner serves its own nodes without forwarding; a peer request without the secret
// gets 401 and no data; an owner that is gone gives a 502 naming it, never an empty document.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { buildNodeDetail } from "@/lib/k8s/documents/node-detail";
import { forwardToOwner } from "@/lib/k8s/replicas/peer/forward";
import { peerAuthorized } from "@/lib/k8s/replicas/peer/peer-auth";
import { startSim, type Sim } from "@/lib/sim";

import { until } from "../k8s/helpers";
import { startReplica, stopReplicas, type InProcessReplica } from "./in-process-replica";

const SECRET = "forward-test-secret-0123456789";

type Replica = InProcessReplica;

const startForwardReplica = (sim: Sim, name: string) =>
  startReplica(sim, name, 1000, (r, req, res) => {
    const ctx = {
      identity: name,
      peerToken: SECRET,
      ownerOf: r.shard.ownerOf,
      peers: () => r.membership.peers(),
    };
    // The two routes as app/api/nodes/[name] and app/api/peer/nodes/[name] answer them.
    const local = (node: string): Response => {
      const doc = buildNodeDetail(r.cache, node);
      return doc ? Response.json(doc) : Response.json({ error: `node ${JSON.stringify(node)} not found` }, { status: 404 });
    };
    const send = async (answer: Response) => {
      res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
    };
    const peer = /^\/api\/peer\/nodes\/([^/]+)$/.exec(req.url ?? "");
    const user = /^\/api\/nodes\/([^/]+)$/.exec(req.url ?? "");
    if (peer)
      return void send(
        peerAuthorized(req.headers.authorization, SECRET)
          ? local(decodeURIComponent(peer[1]!))
          : Response.json({ error: "peer token required" }, { status: 401 }),
      );
    if (user) {
      const node = decodeURIComponent(user[1]!);
      return void forwardToOwner(node, ctx).then((f) => send(f ?? local(node)));
    }
    void send(Response.json({ error: "not found" }, { status: 404 }));
  });

const get = (r: Replica, path: string, init?: RequestInit) => fetch(`${r.url}${path}`, init);

describe("a node asked of a replica that does not own it", () => {
  let sim: Sim;
  let a: Replica;
  let b: Replica;
  beforeAll(async () => {
    // The sim's clock stays where it starts: every document is the same until the test moves it.
    sim = await startSim({ scenario: "large", params: { nodes: 12, deployments: 3, replicas: 4 } });
    [a, b] = await Promise.all([startForwardReplica(sim, "fw-a"), startForwardReplica(sim, "fw-b")]);
  }, 30_000);
  afterAll(async () => {
    await stopReplicas([a, b]);
    await sim?.close();
  });

  it("is answered with the owner's document, byte for byte", async () => {
    await until(() => [a, b].every((r) => r.membership.members().length === 2), 40_000, "two members");
    const names = sim.cluster.nodes.map((n) => n.name);
    const ofB = names.filter((n) => b.shard.ownerOf(n) === "fw-b");
    const ofA = names.filter((n) => a.shard.ownerOf(n) === "fw-a");
    expect(ofB.length).toBeGreaterThan(0);
    expect(ofA.length).toBeGreaterThan(0);
    await until(
      () =>
        ofB.every((n) => b.cache.states.get(n)?.summaryAt != null) && ofA.every((n) => a.cache.states.get(n)?.summaryAt != null),
      40_000,
      "each owner's first Summaries",
    );
    const node = ofB[0]!;
    // Asked of the owner before and after: when both agree, the forwarded answer must be the same bytes.
    let same = false;
    for (let i = 0; i < 20 && !same; i++) {
      const before = await (await get(b, `/api/nodes/${node}`)).text();
      const res = await get(a, `/api/nodes/${node}`);
      const forwarded = await res.text();
      const after = await (await get(b, `/api/nodes/${node}`)).text();
      if (before !== after) continue; // a collection landed in between: ask again
      expect(res.status).toBe(200);
      expect(res.headers.get("x-headroom-owner")).toBe("fw-b");
      expect(forwarded).toBe(before);
      expect(JSON.parse(forwarded)).toMatchObject({ row: { name: node }, node: { metadata: { name: node } } });
      same = true;
    }
    expect(same, "the owner's document held still between two asks").toBe(true);
    // The non-owner holds nothing of it (its data really came from the owner).
    expect(a.cache.states.has(node)).toBe(false);
    // Its own nodes it serves itself.
    const own = await get(a, `/api/nodes/${ofA[0]}`);
    expect(own.status).toBe(200);
    expect(own.headers.get("x-headroom-owner")).toBeNull();
  }, 90_000);

  it("refuses a peer request without the secret: 401 and no data", async () => {
    const node = sim.cluster.nodes.find((n) => b.shard.ownerOf(n.name) === "fw-b")!.name;
    for (const auth of [undefined, "Bearer wrong-secret-0123456789"]) {
      const res = await get(b, `/api/peer/nodes/${node}`, { headers: auth ? { authorization: auth } : {} });
      expect(res.status).toBe(401);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ error: "peer token required" });
      expect(text).not.toContain(node);
    }
  });

  it("answers 502 naming the owner when the owner is gone", async () => {
    const node = sim.cluster.nodes.find((n) => b.shard.ownerOf(n.name) === "fw-b")!.name;
    // Crash-like: the Lease is left to expire, the server refuses connections.
    await b.membership.stop(false);
    b.cache.stop();
    b.server.closeAllConnections();
    await new Promise((r) => b.server.close(r));
    const res = await get(a, `/api/nodes/${node}`);
    expect(res.status).toBe(502);
    const body = (await res.json()) as { error: string; owner: string; lastSeenSeconds: number };
    expect(body.owner).toBe("fw-b");
    expect(body.error).toMatch(/^owner unreachable: replica fw-b \(Lease last renewed \d+ s ago\): /);
    expect(body.lastSeenSeconds).toBeGreaterThanOrEqual(0);
  });
});
