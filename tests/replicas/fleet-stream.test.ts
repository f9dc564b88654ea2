// The fleet overview as the route serves it with sharding on: peers send their rows as rendered
// text (/api/peer/rows, lib/k8s/replicas/peer/peer-rows.ts) and the asked replica copies them into
// one document streamed as their answers arrive (mergedStream) without parsing a row. Three replicas
// of the data layer in one process against a 24-node simulated cluster, each behind a loopback
// HTTP server. Checks: the streamed document has the same content as the merge over the peers'
// whole documents (the path fleet-merge.test.ts covers), row for row and in the same order;
// `?rows=table` is the same rows without labels and observations; 401 and no rows without the
// secret; a peer whose answer is cut short (no end line, or its connection dropped mid-body) or
// that hangs has its nodes that had not come listed as owner unreachable, and the document says it
// is not complete.
import { pipeline, Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { clusterOverview, type ClusterOverview, type FleetOverview } from "@/lib/contract/dto";
import { sliceStream } from "@/lib/http/slice-stream";
import { MERGE_TIMEOUT_MS, mergedOverview, mergedStream } from "@/lib/k8s/replicas/merge/fleet-merge";
import { peerOverview } from "@/lib/k8s/replicas/peer/peer-overview";
import { peerRows } from "@/lib/k8s/replicas/peer/peer-rows";
import { startSim, type Sim } from "@/lib/sim";

import { until } from "../k8s/helpers";
import { sendJson, startReplica, stopReplicas, type InProcessReplica } from "./in-process-replica";

const NODES = 24;
const SECRET = "fleet-stream-secret-0123456789";
const INFO = { context: "sim", contexts: ["sim"], demo: false };

type Replica = InProcessReplica & { answer?: "cut" | "drop" };

const startStreamReplica = (sim: Sim, name: string) =>
  startReplica(sim, name, 2000, (r: Replica, req, res) => {
    const ctx = { cache: r.cache, info: INFO, identity: name, peerToken: SECRET };
    const url = new URL(req.url ?? "/", "http://x");
    const table = url.searchParams.get("rows") === "table";
    if (url.pathname === "/api/peer/overview") {
      const p = peerOverview(req.headers.authorization ?? null, ctx);
      return sendJson(res, p.status, p.body);
    }
    if (url.pathname === "/api/peer/rows") {
      const p = peerRows(req.headers.authorization ?? null, ctx, table);
      if (p.status !== 200) return sendJson(res, p.status, p.body);
      const text = [...p.lines].join("");
      res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
      if (r.answer === "cut") return void res.end(text.slice(0, text.lastIndexOf("\n"))); // a clean end, short
      if (r.answer === "drop") return void res.write(text.slice(0, text.length >> 1), () => res.destroy());
      return void res.end(text);
    }
    const view = { ...ctx, ...r.shard.view() };
    if (url.pathname === "/api/cluster") {
      res.writeHead(200, { "content-type": "application/json" });
      // pipeline, not pipe: a merge failing after the headers destroys the answer, as Next's writer does
      return void pipeline(
        Readable.fromWeb(sliceStream(mergedStream(view, table)) as WebReadableStream<Uint8Array>),
        res,
        () => {},
      );
    }
    if (url.pathname === "/api/cluster-documents")
      return void mergedOverview(view).then(
        (d) => sendJson(res, 200, d),
        (e: Error) => sendJson(res, 500, { error: e.message }),
      );
    sendJson(res, 404, { error: "not found" });
  });

const get = async (r: Replica, path: string): Promise<ClusterOverview> =>
  clusterOverview.parse(await (await fetch(`${r.url}${path}`)).json());

async function eventually(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** JSON with every object's keys sorted: the same content, whatever order the keys came in. */
const canonical = (v: unknown) =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === "object" && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1)))
      : x,
  );

// What moves between two reads a moment apart: the clock-dependent ages and the advisor's counts.
const still = (d: ClusterOverview) => ({
  ...d,
  generatedAt: "",
  nodes: d.nodes.map((n) => ({ ...n, leaseAgeSeconds: 0, collection: { ...n.collection, ageSeconds: 0 }, findings: null })),
});

describe("the streamed fleet merge", () => {
  let sim: Sim;
  let rs: Replica[];
  beforeAll(async () => {
    sim = await startSim({ scenario: "large", params: { nodes: NODES, deployments: 6, replicas: 5 }, clock: "realtime" });
    rs = await Promise.all(["fs-0", "fs-1", "fs-2"].map((n) => startStreamReplica(sim, n)));
  }, 30_000);
  afterAll(async () => {
    await stopReplicas(rs ?? []);
    await sim?.close();
  });

  it("has the content of the merge over whole documents, rows in the same order", async () => {
    await until(() => rs.every((r) => r.membership.members().length === 3), 40_000, "three members");
    await eventually(
      async () => (await Promise.all(rs.map((r) => get(r, "/api/cluster")))).every((d) => d.cluster.nodesCollected === NODES),
      60_000,
      "every node collected on every replica",
    );
    const names = sim.cluster.nodes.map((n) => n.name).sort();
    for (const r of rs) {
      // read until two reads agree (a Summary landing between them changes a row)
      let streamed!: ClusterOverview;
      let whole!: ClusterOverview;
      await eventually(
        async () => {
          streamed = await get(r, "/api/cluster");
          whole = await get(r, "/api/cluster-documents");
          return canonical(still(streamed)) === canonical(still(whole));
        },
        30_000,
        `${r.name}: the streamed merge and the merge of whole documents agree`,
      );
      expect(streamed.nodes.map((n) => n.name)).toEqual(names);
      expect(new Set(streamed.nodes.map((n) => n.owner))).toEqual(new Set(["fs-0", "fs-1", "fs-2"]));
      expect(streamed.cluster).toMatchObject({ ready: true, nodesTotal: NODES, nodesCollected: NODES });
      expect(streamed.cluster.replicas).toEqual({ identity: r.name, members: ["fs-0", "fs-1", "fs-2"], unreachable: [] });
      expect(streamed.nodes.every((n) => n.labels && n.observations)).toBe(true);
      // the fleet table's first paint: the same rows, without labels and observations
      const table = (await (await fetch(`${r.url}/api/cluster?rows=table`)).json()) as FleetOverview;
      expect(table.nodes.map((n) => n.name)).toEqual(names);
      expect(table.nodes.every((n) => !("labels" in n) && !("observations" in n))).toBe(true);
      expect(table.summary.capacity).toEqual(streamed.summary.capacity);
      expect(table.nodes.map((n) => canonical({ ...n, leaseAgeSeconds: 0, collection: null, findings: null }))).toEqual(
        streamed.nodes.map(({ labels: _l, observations: _o, ...n }) =>
          canonical({ ...n, leaseAgeSeconds: 0, collection: null, findings: null }),
        ),
      );
    }
  }, 150_000);

  it("refuses the rows without the secret: 401 and no rows", async () => {
    for (const auth of [undefined, "Bearer wrong-secret-0123456789"]) {
      const res = await fetch(`${rs[0]!.url}/api/peer/rows`, { headers: auth ? { authorization: auth } : {} });
      expect(res.status).toBe(401);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ error: "peer token required" });
      expect(text).not.toContain("node-");
    }
  });

  it("lists a peer whose answer is cut short, or that hangs, as owner unreachable", async () => {
    const peer = rs[2]!;
    const its = (await get(rs[0]!, "/api/cluster")).nodes.filter((n) => n.owner === peer.name).map((n) => n.name);
    expect(its.length).toBeGreaterThan(0);
    const cases: [string, () => void, RegExp][] = [
      ["cut", () => (peer.answer = "cut"), /\(answer cut short \(no end line\)\)$/],
      ["drop", () => (peer.answer = "drop"), /\((terminated|fetch failed|other side closed)[^)]*\)$/],
      ["hung", () => ((peer.answer = undefined), (peer.hung = true)), /\(no answer within 3000 ms\)$/],
    ];
    for (const [what, make, why] of cases) {
      make();
      const t0 = Date.now();
      const d = await get(rs[0]!, "/api/cluster");
      expect(Date.now() - t0, what).toBeLessThan(MERGE_TIMEOUT_MS + 1500);
      expect(d.nodes, what).toHaveLength(NODES); // never a blank page
      expect(d.cluster.ready, what).toBe(false); // never a partial merge presented as complete
      expect(d.cluster.replicas?.unreachable, what).toEqual([peer.name]);
      // The rows that came before the fault are the peer's own, with its stats; each of its nodes
      // after them is owner unreachable (the peer sends in name order, so they are the last).
      const lost = d.nodes.filter((n) => n.ownerUnreachable).map((n) => n.name);
      expect(lost.length, what).toBeGreaterThan(0);
      expect(lost, what).toEqual(its.slice(its.length - lost.length));
      if (what === "cut") expect(lost, what).toEqual(its.slice(-1)); // the last row has no newline
      if (what === "hung") expect(lost, what).toEqual(its);
      for (const n of d.nodes.filter((x) => its.includes(x.name) && !lost.includes(x.name)))
        expect(n, what).toMatchObject({ owner: peer.name, collection: { state: "ok" } });
      for (const n of d.nodes.filter((x) => lost.includes(x.name))) {
        expect(n.ownerUnreachable, what).toMatch(
          new RegExp(`^owner unreachable: replica ${peer.name}, Lease last renewed \\d+ s ago `),
        );
        expect(n.ownerUnreachable, what).toMatch(why);
        expect(n.collection, what).toMatchObject({ state: "failed", error: n.ownerUnreachable });
      }
      expect(d.configs["owner-unreachable"], what).toBeDefined();
    }
  }, 60_000);
});
