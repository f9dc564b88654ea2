import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";

import { headText, isSteady, waitSteady, type ClusterHead } from "./steady-cluster";

const head = (over: Partial<ClusterHead> = {}): ClusterHead => ({
  ready: true,
  nodesTotal: 10,
  nodesCollected: 10,
  replicas: { members: ["a", "b", "c"], unreachable: [] },
  ...over,
});

describe("isSteady", () => {
  it("needs the server ready with every node collected", () => {
    expect(isSteady(head(), { nodes: 10, replicas: 3 })).toBe(true);
    expect(isSteady(head({ ready: false }), { nodes: 10, replicas: 3 })).toBe(false);
    expect(isSteady(head({ nodesCollected: 9 }), { nodes: 10, replicas: 3 })).toBe(false);
    // a node the Node informer does not list yet
    expect(isSteady(head({ nodesTotal: 9, nodesCollected: 9 }), { nodes: 10, replicas: 3 })).toBe(false);
  });

  it("needs, sharded, every member present and answering", () => {
    expect(isSteady(head({ replicas: { members: ["a", "b"], unreachable: [] } }), { nodes: 10, replicas: 3 })).toBe(false);
    expect(isSteady(head({ replicas: { members: ["a", "b", "c"], unreachable: ["c"] } }), { nodes: 10, replicas: 3 })).toBe(
      false,
    );
    expect(isSteady(head({ replicas: undefined }), { nodes: 10, replicas: 3 })).toBe(false);
    expect(isSteady(head({ replicas: undefined }), { nodes: 10, replicas: 0 })).toBe(true);
  });
});

describe("headText", () => {
  it("says the nodes collected and, sharded, who does not answer", () => {
    expect(headText(head({ nodesCollected: 7, replicas: { members: ["a", "b"], unreachable: ["b"] } }))).toBe(
      "7 of 10 nodes collected, ready true, members a b, not answering: b",
    );
    expect(headText(head({ replicas: undefined }))).toBe("10 of 10 nodes collected, ready true");
    expect(headText(head())).toMatch(/not answering: none$/);
  });
});

describe("waitSteady", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

  /** A server whose fleet document's head is the next of `heads` at each request (the last one after). */
  async function serving(heads: ClusterHead[]): Promise<{ base: string; asked: () => number; at: number[] }> {
    let n = 0;
    const at: number[] = [];
    server = createServer((req, res) => {
      expect(req.url).toBe("/api/cluster?nodes=none");
      at.push(performance.now());
      const cluster = heads[Math.min(n++, heads.length - 1)];
      res.end(JSON.stringify({ nodes: [], cluster }));
    });
    await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
    return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked: () => n, at };
  }

  it("starts its clock again at every answer that is not steady", async () => {
    const unsteady = head({ nodesCollected: 3 });
    const { base, asked, at } = await serving([head(), head(), unsteady, head()]);
    await waitSteady([base], { nodes: 10, replicas: 3 }, 100, { pollMs: 20 });
    // 100 ms of steady answers after the break at the third, not after the first
    expect(performance.now() - at[2]!).toBeGreaterThanOrEqual(100);
    expect(asked()).toBeGreaterThan(4);
  });

  it("counts a server that does not answer as not steady, and gives up", async () => {
    const { base, asked } = await serving([head()]);
    const gone = "http://127.0.0.1:1";
    const t0 = performance.now();
    await expect(waitSteady([base, gone], { nodes: 10, replicas: 3 }, 100, { pollMs: 20, giveUpMs: 400 })).rejects.toThrow(
      `not steady within 0 s: ${base} ${gone}`,
    );
    expect(performance.now() - t0).toBeGreaterThanOrEqual(400);
    expect(asked()).toBeGreaterThan(5);
  });
});
