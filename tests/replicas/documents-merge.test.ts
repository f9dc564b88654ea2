// Several nodes' documents asked of any replica (the pool/fleet what-if's pod detail, `headroom
// analyze --server`): three replicas of the data layer (cache + membership + shard) in one process
// against a 12-node simulated cluster, each behind its own loopback HTTP server serving
// /api/peer/documents and /api/nodes?names=… through lib/k8s/replicas/merge/documents-merge.ts, and one
// unsharded cache over the same cluster. Checks: the merged answer holds the same documents as the
// single process's; each owner is asked once for all its nodes (never one request per node); a
// peer request without the secret gets 401 and no data; a replica that stops answering is named,
// with its nodes, within the bound, and the answer says it is incomplete.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { NodeDetail } from "@/lib/contract/dto";
import { nodeDocuments, parseNames, type NodeDocuments } from "@/lib/contract/node-documents";
import { localDocuments, notANodeName } from "@/lib/k8s/documents/node-documents";
import { mergedDocuments, peerDocuments } from "@/lib/k8s/replicas/merge/documents-merge";
import { MERGE_TIMEOUT_MS } from "@/lib/k8s/replicas/merge/fleet-merge";
import type { ClusterCache } from "@/lib/k8s/store/cache";
import { startSim, type Sim } from "@/lib/sim";

import { cacheFor, until } from "../k8s/helpers";
import { sendJson, startReplica, stopReplicas, type InProcessReplica } from "./in-process-replica";

const SECRET = "documents-merge-secret-0123456789";
const NAMES = ["dm-0", "dm-1", "dm-2"];

type Replica = InProcessReplica & { peerAsks: string[] };

async function startDocumentsReplica(sim: Sim, name: string): Promise<Replica> {
  const peerAsks: string[] = [];
  const r = await startReplica(sim, name, 1000, (r, req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const ctx = { cache: r.cache, identity: name, peerToken: SECRET };
    const parsed = parseNames(url.searchParams.get("names"), notANodeName);
    if ("error" in parsed) return sendJson(res, 400, parsed);
    // The two routes as app/api/peer/documents and app/api/nodes answer them.
    if (url.pathname === "/api/peer/documents") {
      peerAsks.push(url.searchParams.get("names")!);
      const p = peerDocuments(req.headers.authorization ?? null, parsed.names, ctx);
      return sendJson(res, p.status, p.body);
    }
    if (url.pathname === "/api/nodes")
      return void mergedDocuments(parsed.names, {
        ...ctx,
        ...r.shard.view(),
      }).then(
        (d) => sendJson(res, 200, d),
        (e: Error) => sendJson(res, 500, { error: e.message }),
      );
    sendJson(res, 404, { error: "not found" });
  });
  return Object.assign(r, { peerAsks });
}

const ask = async (r: Replica, names: string[]): Promise<NodeDocuments> =>
  nodeDocuments.parse(await (await fetch(`${r.url}/api/nodes?names=${names.join(",")}`)).json());

// What depends on when each cache happened to collect (its own clock's sample times), not on the
// cluster: the history grid and the collection's age. Everything else must be equal.
const settled = (d: NodeDetail) => ({
  ...d,
  history: undefined,
  psiHistory: undefined,
  row: { ...d.row, collection: { ...d.row.collection, ageSeconds: null } },
});

describe("several nodes' documents from any replica", () => {
  let sim: Sim;
  let rs: Replica[];
  let single: ClusterCache;
  let names: string[];
  beforeAll(async () => {
    // The sim's clock stays where it starts: each node's Summary is the same whoever asks.
    sim = await startSim({ scenario: "large", params: { nodes: 12, deployments: 3, replicas: 4 } });
    rs = await Promise.all(NAMES.map((n) => startDocumentsReplica(sim, n)));
    single = cacheFor(sim, "full", { summaryIntervalMs: 1000, kubeletTimeoutMs: 2000 });
    names = sim.cluster.nodes.map((n) => n.name);
  }, 30_000);
  afterAll(async () => {
    single?.stop();
    await stopReplicas(rs ?? []);
    await sim?.close();
  });

  it("answers with the single process's documents, one peer request per owner", async () => {
    await until(() => rs.every((r) => r.membership.members().length === 3), 40_000, "three members");
    // collected and its row recomputed from that Summary (rows are recomputed in the background,
    // so a row can lag its Summary by a beat: observations still empty)
    const collected = (c: ClusterCache, n: string) => {
      const s = c.states.get(n);
      return s?.summaryAt != null && Object.keys(s.row?.observations ?? {}).length > 0;
    };
    await until(
      () => names.every((n) => collected(single, n) && rs.some((r) => r.shard.owns(n) && collected(r.cache, n))),
      40_000,
      "every node collected by its owner and by the single cache",
    );
    for (const r of rs) r.peerAsks.length = 0;
    const asked = [...names].reverse(); // the answer keeps the asked order
    const d = await ask(rs[0]!, asked);
    expect(d.complete).toBe(true);
    expect(d.missing).toEqual([]);
    expect(d.replicas).toEqual({ identity: NAMES[0], members: NAMES, unreachable: [] });
    expect(d.documents.map((x) => x.row.name)).toEqual(asked);
    const whole = localDocuments(single, asked);
    expect(whole.missing).toEqual([]);
    expect(d.documents.map(settled)).toEqual(whole.documents.map(settled));
    // The documents really come from their owners: each peer asked once, for exactly its nodes.
    for (const r of rs.slice(1)) {
      const its = asked.filter((n) => r.shard.ownerOf(n) === r.name);
      expect(its.length).toBeGreaterThan(0);
      expect(r.peerAsks).toEqual([its.join(",")]);
    }
    expect(rs[0]!.peerAsks).toEqual([]);
  }, 90_000);

  it("refuses a peer request without the secret: 401 and no data", async () => {
    for (const auth of [undefined, "Bearer wrong-secret-0123456789"]) {
      const res = await fetch(`${rs[1]!.url}/api/peer/documents?names=${names.join(",")}`, {
        headers: auth ? { authorization: auth } : {},
      });
      expect(res.status).toBe(401);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ error: "peer token required" });
      for (const n of names) expect(text).not.toContain(n);
    }
  });

  it("names the replica that does not answer and its nodes; the answer says it is incomplete", async () => {
    const dead = rs[2]!;
    const its = names.filter((n) => dead.shard.ownerOf(n) === dead.name);
    // Crash-like: the Lease is left to expire, the process stops answering (connections hang).
    await dead.membership.stop(false);
    dead.cache.stop();
    dead.hung = true;
    const t0 = Date.now();
    const d = await ask(rs[0]!, names);
    expect(Date.now() - t0).toBeLessThan(MERGE_TIMEOUT_MS + 1500);
    expect(d.complete).toBe(false);
    expect(d.replicas?.unreachable).toEqual([dead.name]);
    expect(d.missing.map((m) => m.name)).toEqual(its);
    for (const m of d.missing) {
      expect(m.owner).toBe(dead.name);
      expect(m.error).toMatch(
        new RegExp(
          `^owner unreachable: replica ${dead.name}, Lease last renewed \\d+ s ago \\(no answer within ${MERGE_TIMEOUT_MS} ms\\)$`,
        ),
      );
    }
    expect(d.documents.map((x) => x.row.name)).toEqual(names.filter((n) => !its.includes(n)));
  }, 30_000);

  it("refuses bad names with a message naming the parameter", () => {
    expect(parseNames(null, notANodeName)).toEqual({ error: "names: required (comma-separated node names)" });
    expect(parseNames("a,../etc", notANodeName)).toMatchObject({ error: expect.stringMatching(/^names: "\.\.\/etc" must be/) });
    const many = Array.from({ length: 51 }, (_, i) => `n${i}`).join(",");
    expect(parseNames(many, notANodeName)).toEqual({ error: "names: at most 50 nodes per request, got 51" });
  });
});
