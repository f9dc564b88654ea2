// A merge asks its peers before it builds its own part, so a peer builds its rows while we build
// ours: the fleet overview from any replica takes about the longer of the two, not their sum
// (docs/replicas.md, "The fleet overview on any replica"). Three replicas of the data layer in one
// process against a small simulated cluster, each behind a loopback HTTP server. Our own part is
// made to take PART_MS (the real localPart, then a busy wait standing for a 5 000-node cache) and
// each peer holds its answer PART_MS (standing for its own rows): asked first, the merge is done in
// about PART_MS; asked after, in twice that.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { mergedDocument, mergedStream } from "@/lib/k8s/replicas/merge/fleet-merge";
import { peerRows } from "@/lib/k8s/replicas/peer/peer-rows";
import { startSim, type Sim } from "@/lib/sim";

import { until } from "../k8s/helpers";
import { sendJson, startReplica, stopReplicas, type InProcessReplica } from "./in-process-replica";

const PART_MS = 400;
const { slow } = vi.hoisted(() => ({ slow: { on: false } }));

// The real localPart, then (while `slow.on`) a busy wait: it blocks the event loop as a big part does.
vi.mock("@/lib/k8s/replicas/peer/peer-rows", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/k8s/replicas/peer/peer-rows")>();
  return {
    ...actual,
    localPart: (...args: Parameters<typeof actual.localPart>) => {
      const part = actual.localPart(...args);
      const until = performance.now() + (slow.on ? PART_MS : 0);
      while (performance.now() < until);
      return part;
    },
  };
});

const SECRET = "peers-first-secret-0123456789";
const INFO = { context: "sim", contexts: ["sim"], demo: false };
const NAMES = ["pf-0", "pf-1", "pf-2"];

const startPeer = (sim: Sim, name: string) =>
  startReplica(sim, name, 2000, (r: InProcessReplica, req, res) => {
    const p = peerRows(
      req.headers.authorization ?? null,
      { cache: r.cache, info: INFO, identity: name, peerToken: SECRET },
      true,
    );
    if (p.status !== 200) return sendJson(res, p.status, p.body);
    const text = [...p.lines].join("");
    // A peer whose own rows take PART_MS to build: its answer comes that long after the request.
    setTimeout(() => res.writeHead(200, { "content-type": "text/plain; charset=utf-8" }).end(text), slow.on ? PART_MS : 0);
  });

describe("a merge asks its peers before building its own part", () => {
  let sim: Sim;
  let rs: InProcessReplica[];
  beforeAll(async () => {
    sim = await startSim({ scenario: "large", params: { nodes: 9, deployments: 2, replicas: 3 } });
    rs = await Promise.all(NAMES.map((n) => startPeer(sim, n)));
    await until(() => rs.every((r) => r.membership.members().length === 3 && r.cache.collector.firstPassDone()), 30_000);
  }, 40_000);
  afterAll(async () => {
    await stopReplicas(rs ?? []);
    await sim?.close();
  });

  it("takes about the longer of our part and the peers', not their sum", async () => {
    const asker = rs[0]!;
    const merge = () =>
      mergedDocument(
        mergedStream({ cache: asker.cache, info: INFO, identity: asker.name, peerToken: SECRET, ...asker.shard.view() }, true),
      );
    // Warm: every peer's keep-alive connection is open, as between two loads of the fleet page.
    const warm = await merge();
    expect(warm.cluster.replicas?.unreachable).toEqual([]);
    slow.on = true;
    try {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const t = performance.now();
        const m = await merge();
        times.push(performance.now() - t);
        expect(m.cluster.replicas?.unreachable).toEqual([]);
        expect(m.nodes).toHaveLength(9);
      }
      // Asked after our part, a peer would answer PART_MS after it: 2 × PART_MS in all.
      expect(Math.min(...times)).toBeLessThan(1.5 * PART_MS);
      expect(Math.min(...times)).toBeGreaterThanOrEqual(PART_MS - 5);
    } finally {
      slow.on = false;
    }
  }, 30_000);
});
